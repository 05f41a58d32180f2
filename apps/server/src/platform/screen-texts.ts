/**
 * The web app's catalogs (apps/web/src/locales/*.json), read as data: what a screen titles a column is
 * what an export of the same list writes as its header (list-fields.ts, exportColumns), from the same
 * text and so never a copy that drifts (issue 53).
 *
 * Why the server reads the web's files: the catalogs stay where the web app, its split into parts
 * (apps/web/build/locale-parts.ts) and the people editing its texts have them, and this module is the
 * one exception to "the server never imports the web app" (eslint.config.js): JSON only, no code. The
 * build bundles the three files into the server (build.mjs), so a deployment needs no web sources.
 * They cost the server about what their text does (about 240 KB of JSON); a text is looked up in the
 * parsed catalog, not copied into another table.
 */
import type { TLanguage } from '@mbo/shared/i18n';
import en from '../../../web/src/locales/en.json' with { type: 'json' };
import zhCn from '../../../web/src/locales/zhCn.json' with { type: 'json' };
import zhHk from '../../../web/src/locales/zhHk.json' with { type: 'json' };

type Tree = { readonly [key: string]: string | Tree };

const CATALOGS: Record<TLanguage, Tree> = { zhCn, zhHk, en };

/**
 * The screen's text of a dotted catalog key (`funds.withdraw.amount`) in `lang`; a key the catalog
 * lacks reads as itself, as the server's own translate does: a download never fails for a title, and
 * export-labels.test.ts, which exports every list in each language, finds such a header.
 */
export function screenText(lang: TLanguage, key: string): string {
  let node: string | Tree | undefined = CATALOGS[lang];
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : key;
}
