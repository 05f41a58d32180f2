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

/** The screen's text of a dotted catalog key (`funds.withdraw.amount`) in `lang`, or undefined where it has none. */
export function screenTextOrNone(lang: TLanguage, key: string): string | undefined {
  let node: string | Tree | undefined = CATALOGS[lang];
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/**
 * The screen's text of a catalog key in `lang`. A key the catalog lacks is a mistake in a declaration
 * (a label that titles no column on screen): it throws when the export's columns are made, which a
 * test of each export finds, rather than writing the key into a customer's file.
 */
export function screenText(lang: TLanguage, key: string): string {
  const text = screenTextOrNone(lang, key);
  if (text === undefined) throw new Error(`screen catalog ${lang} has no text ${key}`);
  return text;
}
