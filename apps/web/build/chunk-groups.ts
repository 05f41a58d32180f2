import path from 'node:path';
import type { Plugin } from 'vite';

/** A code-splitting group of Rolldown (build.rolldownOptions.output.codeSplitting.groups). */
type TChunkGroup = { name: string; priority: number; tags?: ['$initial']; test: (id: string) => boolean };

/**
 * A chunk made of what some lazy levels import (less what an earlier group took), and of `shared`:
 * modules (with what they import) that nearly every screen under those levels imports.
 */
export type TLevelGroup = { name: string; roots: readonly string[]; shared?: readonly string[] };

/**
 * A package's index module (`antd`, `@ant-design/icons`, `dayjs/esm`): it re-exports the whole
 * package, while a module that imports from it uses a few of its exports. Which ones the bundler
 * knows, not a walk of import statements: the walk stops there, and the bundler adds the
 * dependencies of what a group holds (Rolldown's `includeDependenciesRecursively`, on by default).
 */
const PACKAGE_INDEX = /[\\/]node_modules[\\/](@[^\\/]+[\\/])?[^\\/]+[\\/]((es|lib|dist|esm)[\\/])?index\.m?js$/;

/**
 * Fewer, larger chunks where the bundler would make many small ones. Left to itself it splits the
 * modules of a lazy level into one chunk per set of lazy screens that share them: the sign-in page's
 * first script was 27 files, the data layer and the layout 34 more, all fetched before a signed-in
 * screen shows anything, over the six connections a browser opens to one host. Each fetch costs the
 * browser and the server a request, and a cold load waited in that queue.
 *
 * - `first`: the modules the sign-in page loads at once (the bundler's `$initial` tag) as one chunk
 *   (and a few KB smaller compressed, as one stream). The hosted payment page (`pay.html`) is a
 *   second entry whose first modules are tagged initial too: the modules it reaches are left out, so
 *   it keeps its few KB and never loads the back office's chunk (e2e/specs/bundle-size.test.ts); what it
 *   shares with the back office (`besideOther`) is a chunk of its own that both load.
 * - one group per lazy level every signed-in screen sits under (the data layer, the layout): what
 *   the level imports, less what an earlier group took, as one chunk. A screen loads these anyway;
 *   a screen that imports one of their modules finds it there. A level only some screens use (the
 *   list kit) must not be a group: the dashboard would load it with its first figure.
 * - `shared` modules of a group: small modules most screens under it import, which the bundler
 *   made a chunk each (a formal transaction list fetched 35 files before its first row, 26 of them
 *   under 5 KB). The list group holds only such modules, none of which the dashboard imports: a
 *   module put there that the dashboard needs (or one of its dependencies, which come along) would
 *   make the dashboard load the group, and its budget in the bundle test would say so.
 *
 * The module graph is walked as the build ends, before chunks are made.
 */
export function chunkGroups(o: {
  root: string;
  otherEntry: string;
  /** The folder of the other entry's own modules (the hosted payment page's code). */
  otherEntryOwn: string;
  levels: readonly TLevelGroup[];
}): {
  plugin: Plugin;
  groups: TChunkGroup[];
} {
  const excluded = new Set<string>();
  const owner = new Map<string, string>();
  const otherOwn = path.resolve(o.root, o.otherEntryOwn) + path.sep;
  const plugin: Plugin = {
    name: 'mbo-chunk-groups',
    apply: 'build',
    buildEnd() {
      excluded.clear();
      owner.clear();
      const ids = new Set(this.getModuleIds());
      const walk = (start: string, visit: (id: string) => boolean) => {
        const stack = [start];
        const seen = new Set<string>();
        while (stack.length > 0) {
          const id = stack.pop()!;
          if (seen.has(id)) continue;
          seen.add(id);
          if (!visit(id) || PACKAGE_INDEX.test(id)) continue;
          for (const next of this.getModuleInfo(id)?.importedIds ?? []) stack.push(next);
        }
      };
      if (!ids.has(o.otherEntry)) this.error(`chunk groups: the entry ${o.otherEntry} is not in the module graph`);
      walk(o.otherEntry, (id) => {
        excluded.add(id);
        return true;
      });
      for (const level of o.levels) {
        for (const [root, isShared] of [
          ...level.roots.map((r) => [r, false] as const),
          ...(level.shared ?? []).map((r) => [r, true] as const),
        ]) {
          const rootId = path.resolve(o.root, root);
          if (!ids.has(rootId)) this.error(`chunk groups: ${root} (group ${level.name}) is not in the module graph`);
          walk(rootId, (id) => {
            if (excluded.has(id)) return false;
            // The level's own module stays its lazy chunk's entry; a module an earlier group took stays there.
            if ((isShared || id !== rootId) && !PACKAGE_INDEX.test(id) && !owner.has(id)) owner.set(id, level.name);
            return true;
          });
        }
      }
    },
  };
  const groups: TChunkGroup[] = [
    // Higher priority first: an initial module stays in the first chunk whatever else imports it.
    { name: 'first', priority: o.levels.length + 2, tags: ['$initial'], test: (id) => !excluded.has(id) },
    // What the other entry shares with the back office (the amount helpers) stays a chunk of its own,
    // before a level's group could take it along with a module of its own that imports it.
    {
      name: 'besideOther',
      priority: o.levels.length + 1,
      test: (id) => excluded.has(id) && id !== o.otherEntry && !id.startsWith('\0') && !id.startsWith(otherOwn),
    },
    ...o.levels.map((level, i) => ({
      name: level.name,
      priority: o.levels.length - i,
      test: (id: string) => owner.get(id) === level.name,
    })),
  ];
  return { plugin, groups };
}
