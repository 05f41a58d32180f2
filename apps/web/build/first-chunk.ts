import type { Plugin } from 'vite';

/** A code-splitting group of Rolldown (build.rolldownOptions.output.codeSplitting.groups). */
type TChunkGroup = { name: string; tags: ['$initial']; test: (id: string) => boolean };

/**
 * The back office's first script as one chunk instead of about thirty. Left to itself the bundler
 * splits the modules the sign-in page loads at once into one chunk per set of lazy screens that
 * share them: 27 files, all fetched before the first render, over the six connections a browser
 * opens to one host, and each fetch costs the browser and the server a request. Grouped, the same
 * modules are one file (and a few KB smaller compressed, as one stream).
 *
 * Only modules of the first script's own graph are grouped: the hosted payment page (`pay.html`) is
 * a second entry whose first modules the bundler also tags as initial. The modules it reaches are
 * found from the module graph as the build ends (before chunks are made) and left out, so the payment
 * page keeps its few KB and never loads the back office's chunk.
 */
export function firstChunk(otherEntry: string): { plugin: Plugin; group: TChunkGroup } {
  const excluded = new Set<string>();
  const plugin: Plugin = {
    name: 'mbo-first-chunk',
    apply: 'build',
    buildEnd() {
      excluded.clear();
      const start = [...this.getModuleIds()].find((id) => id === otherEntry);
      if (!start) this.error(`first-chunk: the entry ${otherEntry} is not in the module graph`);
      const stack = [start];
      while (stack.length > 0) {
        const id = stack.pop()!;
        if (excluded.has(id)) continue;
        excluded.add(id);
        for (const next of this.getModuleInfo(id)?.importedIds ?? []) stack.push(next);
      }
    },
  };
  return { plugin, group: { name: 'first', tags: ['$initial'], test: (id) => !excluded.has(id) } };
}
