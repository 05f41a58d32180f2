/**
 * An export says what the screen says: the column headers and the status texts of the files equal the
 * web app's texts for the same column or code, in every language (the web catalogs are read as data).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, type TLanguage } from '@mbo/shared/i18n';
import './messages';
import { exportCells } from './platform/export-cells';
import { translate } from './platform/i18n';
import type { MessageKey } from './platform/messages';

type Tree = { [key: string]: string | Tree };
const webCatalog = (lang: TLanguage): Tree =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, '../../web/src/locales', `${lang}.json`), 'utf8')) as Tree;

function webText(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/** Export label prefix -> the web enum it must equal, code by code. */
const ENUMS: [server: string, web: string][] = [
  ['trade.tradeType', 'tradeEnum.tradeType'],
  ['trade.payStatus', 'tradeEnum.payStatus'],
  ['trade.refundStatus', 'tradeEnum.refundFlag'],
  ['trade.chargebackFlag', 'tradeEnum.chargebackFlag'],
  ['trade.retrievalFlag', 'tradeEnum.retrievalFlag'],
  ['trade.alertFlag', 'tradeEnum.alertFlag'],
  ['trade.appealStatus', 'tradeEnum.appealStatus'],
  ['cardScheme', 'tradeEnum.cardScheme'],
  ['refundStatus', 'tradeEnum.refundProcessing'],
  ['refundMethod', 'tradeEnum.refundMethod'],
  ['refundType', 'tradeEnum.refundType'],
  ['refundSource', 'tradeEnum.refundSource'],
  ['disputeKind', 'tradeEnum.disputeKind'],
  ['processingType', 'tradeEnum.processingType'],
  ['appealStatus', 'tradeEnum.appealStatus'],
  // Gateway texts (response messages, risk rules) in the reader's language, as on screen.
  ['riskRule', 'tradeEnum.riskRule'],
  ['gatewayText', 'gatewayText'],
  ['disputeReason', 'disputeReason'],
];

/**
 * Export keys under a header prefix that are not the screen's title on purpose: the file has both
 * currencies side by side; the file gives a count where the screen shows a flag.
 */
const MORE_PRECISE = new Set(['trade.col.currency', 'pendingCol.held']);

/**
 * Every export's header prefix -> the web namespace whose key of the same name titles the column on
 * screen (a declared list's export has none: its headers are the screen's titles, list-fields.ts).
 * Each pair must compare at least MIN_COMPARED headers, so a pair that names a namespace the web does
 * not have (and so compares nothing) fails instead of passing.
 */
const HEADERS: [server: string, web: string][] = [
  ['trade.col', 'trade'],
  ['disputeCol', 'dispute'],
  ['report.col', 'report.col'],
  ['opLogCol', 'opLog'],
  ['pendingCol', 'funds.cycle'],
  ['productCol', 'products'],
];
const MIN_COMPARED = 3;

describe('export labels', () => {
  it.each(LANGUAGES)('equal the screen texts of every status code (%s)', (lang) => {
    const web = webCatalog(lang);
    const cells = exportCells(lang, 'UTC');
    for (const [server, webPrefix] of ENUMS) {
      const codes = webKeysOf(web, webPrefix);
      expect(codes.length, webPrefix).toBeGreaterThan(0);
      for (const code of codes) {
        const text = webText(web, `${webPrefix}.${code}`);
        const value = /^\d+$/.test(code) ? Number(code) : code;
        expect(`${server}.${code}: ${cells.label(server, value)}`).toBe(`${server}.${code}: ${text}`);
      }
    }
  });

  it.each(LANGUAGES)('equal the screen column titles (%s)', (lang) => {
    const web = webCatalog(lang);
    const differ: string[] = [];
    for (const [server, webPrefix] of HEADERS) {
      let compared = 0;
      for (const name of webKeysOf(webCatalog('en'), webPrefix)) {
        const key = `${server}.${name}` as MessageKey;
        const exported = translate(lang, key);
        if (exported === key || MORE_PRECISE.has(key)) continue;
        const onScreen = webText(web, `${webPrefix}.${name}`);
        if (exported !== onScreen) differ.push(`${key}: file "${exported}", screen "${onScreen}"`);
        compared += 1;
      }
      expect(compared, `${server} -> ${webPrefix}`).toBeGreaterThanOrEqual(MIN_COMPARED);
    }
    expect(differ).toEqual([]);
  });
});

function webKeysOf(tree: Tree, prefix: string): string[] {
  const node = prefix.split('.').reduce<string | Tree | undefined>((n, p) => (typeof n === 'object' ? n[p] : undefined), tree);
  return typeof node === 'object' ? Object.keys(node).filter((k) => typeof node[k] === 'string') : [];
}
