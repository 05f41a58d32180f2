/**
 * An export says what the screen says: the status texts of the files equal the web app's texts for the
 * same code, and the header line of every list export, exported with a few rows in each language,
 * gives each column the title the screen gives it (the web catalogs are read as data here, on their
 * own, not through the server's reading of them), on SQLite and PostgreSQL.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DisputePath, DISPUTES } from '@mbo/shared/disputes';
import { BATCHES, ENTRIES } from '@mbo/shared/funds';
import { FundsPath } from '@mbo/shared/funds-paths';
import { LANGUAGES, type TLanguage } from '@mbo/shared/i18n';
import type { TListFields } from '@mbo/shared/list-fields';
import { OPERATION_LOGS, OperationLogPath } from '@mbo/shared/operation-log';
import { RefundPath, REFUNDS } from '@mbo/shared/refunds';
import { DAILY_COLUMNS, DAILY_REPORT, ReportPath } from '@mbo/shared/reports';
import { TRANSACTION_VIEW_DEFS } from '@mbo/shared/transactions';
import { PRODUCTS, WaybillPath, WAYBILLS } from '@mbo/shared/waybills';
import { WebsitePath, WEBSITES } from '@mbo/shared/websites';
import { createTestApp, login, type TestContext } from '../test/helpers';
import { seedListData } from '../test/list-data';
import { propertiesOf, routeCatalog, type CatalogRoute } from '../test/route-catalog';
import './messages';
import { exportCells } from './platform/export-cells';
import { exportRouteOf } from './platform/export-route';
import { isKeysetWalk } from './platform/keyset-walk';
import { sessionScope } from './platform/scope';
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
  ['ledgerAccount', 'funds.account'],
  ['ledgerType', 'funds.ledgerType'],
  ['websiteType', 'websites.types'],
  ['websiteStatus', 'websites.statuses'],
  ['waybillStatus', 'waybills.statuses'],
];

/**
 * Each list export's screen: `list`, a declared list (packages/shared/src/list-fields.ts), whose file
 * carries its columns in the declared order (or the screen's `order`), each under the screen's title (the web catalog's text of
 * its label), `notInFile` left out and `own` under the server's header; or, for an export not declared
 * that way, `titles`: the web catalog prefixes and keys of the screen's column titles, which every
 * header of the file must be one of. `own`: headers that are not the screen's title on purpose, each
 * with the reason.
 */
type Screen =
  | { list: TListFields; order?: readonly string[]; notInFile?: string[]; own?: Record<string, MessageKey> }
  | { titles: string[]; own?: MessageKey[] };

const TRADE_SCREEN: Screen = {
  titles: ['trade', 'tradeDetail'],
  // The file has both currencies side by side, each named, and the gateway's response message, which
  // the list screen does not show (its detail drawer titles it 返回提示 in Chinese, the file 返回信息).
  own: ['trade.col.currency', 'trade.col.settleCurrency', 'trade.col.returnMessage'],
};

const SCREENS: Record<string, Screen> = {
  [FundsPath.entryExport]: { list: ENTRIES.fields },
  // The credit state is a column of the screen only.
  [FundsPath.batchExport]: { list: BATCHES.fields, notInFile: ['creditStatus'] },
  [RefundPath.export]: { list: REFUNDS.fields },
  [WebsitePath.export]: { list: WEBSITES.fields },
  [WaybillPath.export]: {
    list: WAYBILLS.fields,
    // Columns of the file only, and the images, which the file counts where the screen shows them.
    own: {
      merchantOrderNo: 'waybillCol.merchantOrderNo',
      currency: 'waybillCol.currency',
      settlementDate: 'waybillCol.settlementDate',
      images: 'waybillCol.images',
    },
  },
  ...Object.fromEntries(Object.values(TRANSACTION_VIEW_DEFS).map((v) => [v.export, TRADE_SCREEN])),
  [DisputePath.export]: { list: DISPUTES.fields },
  [OperationLogPath.export]: {
    list: OPERATION_LOGS.fields,
    // Who acted, the operation and the failure are columns of the file only.
    own: { actor: 'opLogCol.actor', operationLabel: 'opLogCol.operation', failure: 'opLogCol.failure' },
  },
  // The currency is a column of the file only.
  [WaybillPath.productsExport]: { list: PRODUCTS.fields, own: { currency: 'waybillCol.currency' } },
  [FundsPath.pendingExport]: {
    titles: ['funds.cycle', 'funds.gatewayNo', 'funds.currency'],
    // The file gives the plain figures the screen writes in a sentence ("T+5 business days", "5% for 180
    // days") and the count of held payments where the screen shows a flag.
    own: ['pendingCol.cycleDays', 'pendingCol.reserve', 'pendingCol.held'],
  },
  // The screen's and the file's order: the day, merchant and currency before the figures.
  [ReportPath.dailyDownload]: { list: DAILY_REPORT.fields, order: DAILY_COLUMNS },
  [ReportPath.monthDownload]: { titles: ['report.col'] },
};

/** Exports whose rows are not a keyset walk of one statement (so not cut into slices for the export threads), with the reason. */
const NOT_WALKED: Record<string, string> = {
  [ReportPath.dailyDownload]: 'sums and ratios of the rollups per day, then the totals',
  [ReportPath.monthDownload]: 'sums of the rollups per month with the ledger',
  [FundsPath.pendingExport]: 'the settlement rules of each gateway, a few rows',
  [WaybillPath.export]: "each row's deadline and status are worked out from the settlement rules",
};

const LANG_HEADER: Record<TLanguage, string> = { zhCn: 'zh_CN', zhHk: 'zh_HK', en: 'en_US' };

let t: TestContext;
let token: string;
let exports: CatalogRoute[];
beforeAll(async () => {
  t = await createTestApp();
  const seeded = await seedListData(t);
  token = (await login(t.app, seeded.merchantNo, seeded.loginName, seeded.password)).body.data.token;
  // Every list export: a download answered to a POST of the list's filters and a format.
  exports = routeCatalog(t.app).filter((r) => r.download && r.method === 'POST' && 'format' in propertiesOf(r.body));
}, 120_000);
afterAll(() => t.close());

/** The list's filters of the seeded months, as a CSV file. */
function bodyOf(route: CatalogRoute): Record<string, string> {
  const from = propertiesOf(route.body).from;
  if (from === undefined) return { format: 'csv' };
  return from.pattern?.includes('0[1-9]|1[0-2])$')
    ? { format: 'csv', from: '2026-09', to: '2026-11' }
    : { format: 'csv', from: '2026-09-01', to: '2026-11-26' };
}

/** The header line and the lines under it, as a reader of the file sees them. */
async function exported(route: CatalogRoute, lang: TLanguage): Promise<{ header: string[]; rows: string[][] }> {
  const res = await t.app.inject({
    method: 'POST',
    url: route.url,
    headers: { 'x-auth-token': token, lang: LANG_HEADER[lang] },
    payload: bodyOf(route),
  });
  expect(res.headers['content-type'], `${route.url}: ${res.body.slice(0, 200)}`).toMatch(/text\/csv/);
  const lines = res.body
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter((line) => line !== '');
  return { header: csvLine(lines[0] ?? ''), rows: lines.slice(1).map(csvLine) };
}

/** The cells of a CSV line (RFC 4180 quoting). */
function csvLine(line: string): string[] {
  const cells: string[] = [];
  for (const m of line.matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)) {
    const cell = m[1]!;
    cells.push(cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell);
  }
  return cells;
}

/** The header line the screen's titles give a declared list's file. */
function declaredHeader(screen: Extract<Screen, { list: TListFields }>, web: Tree, lang: TLanguage): string[] {
  const out: string[] = [];
  for (const key of screen.order ?? Object.keys(screen.list)) {
    const f = screen.list[key]!;
    if (screen.notInFile?.includes(key)) continue;
    const own = screen.own?.[key];
    if (own !== undefined) out.push(translate(lang, own));
    else if (f.label !== undefined) out.push(webText(web, f.label) ?? `(no screen text ${f.label})`);
  }
  return out;
}

/** Every title a screen shows (the texts under its catalog prefixes) and the file's own headers. */
function allowedHeaders(screen: Extract<Screen, { titles: string[] }>, web: Tree, lang: TLanguage): Set<string> {
  const texts = screen.titles.flatMap((prefix) => {
    const text = webText(web, prefix);
    return text !== undefined ? [text] : webKeysOf(web, prefix).map((k) => webText(web, `${prefix}.${k}`)!);
  });
  return new Set([...texts, ...(screen.own ?? []).map((key) => translate(lang, key))]);
}

const MIN_SCREEN_TITLES = 3;
const UNWRITTEN = /^(null|undefined|NaN|\[object Object\])$/;

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

  it('covers every list export the server has', () => {
    const paths = exports.map((r) => r.url.replace(/^\/v3api/, ''));
    expect(paths.length).toBeGreaterThanOrEqual(16);
    expect(paths.filter((p) => SCREENS[p] === undefined)).toEqual([]);
  });

  it.each(LANGUAGES)("writes each list's column titles as its screen does, and no cell as null (%s)", async (lang) => {
    const web = webCatalog(lang);
    const differ: string[] = [];
    for (const route of exports) {
      const screen = SCREENS[route.url.replace(/^\/v3api/, '')]!;
      const file = await exported(route, lang);
      // A file with no line would show nothing of its columns but the header.
      expect(file.rows.length, route.url).toBeGreaterThan(0);
      // A missing value is an empty cell or the screen's text for it, never a program's word for nothing.
      const unwritten = file.rows.flatMap((row) =>
        row.map((cell, i) => [file.header[i], cell]).filter(([, cell]) => UNWRITTEN.test(cell!)),
      );
      if (unwritten.length > 0) differ.push(`${route.url}: ${unwritten.length} cells such as ${unwritten[0]!.join(' = ')}`);
      if ('list' in screen) {
        const expected = declaredHeader(screen, web, lang);
        if (file.header.join(' | ') !== expected.join(' | '))
          differ.push(`${route.url}: file "${file.header.join(' | ')}", screen "${expected.join(' | ')}"`);
      } else {
        const allowed = allowedHeaders(screen, web, lang);
        const others = file.header.filter((h) => !allowed.has(h));
        if (others.length > 0) differ.push(`${route.url}: not a title of the screen: ${others.map((h) => `"${h}"`).join(', ')}`);
        // A screen named wrongly (a prefix the web does not have) would leave every header unchecked.
        const own = new Set((screen.own ?? []).map((key) => translate(lang, key)));
        expect(file.header.filter((h) => allowed.has(h) && !own.has(h)).length, route.url).toBeGreaterThanOrEqual(MIN_SCREEN_TITLES);
      }
    }
    expect(differ).toEqual([]);
  });

  /*
   * A large export is read by the export pool's threads in slices (export-pool.ts): that needs the export
   * declared with defineExport (a thread finds it by its path) and its batches a keyset walk. An export
   * that lost either would still download, on the API thread alone, every other request waiting.
   */
  it('reads every walked export in slices on the export threads', () => {
    const missing: string[] = [];
    for (const route of exports) {
      const path = route.url.replace(/^\/v3api/, '');
      if (NOT_WALKED[path] !== undefined) continue;
      const declared = exportRouteOf(path);
      if (!declared) {
        missing.push(`${path}: not declared with defineExport`);
        continue;
      }
      const body = declared.body.parse({ ...bodyOf(route), format: 'csv' }) as never;
      const ctx = { db: t.db, scope: sessionScope(1, 0, null), timezone: 'UTC', now: Date.now(), reader: null };
      if (!isKeysetWalk(declared.batches(body, ctx))) missing.push(`${path}: not a keyset walk`);
    }
    expect(missing).toEqual([]);
  });

  /*
   * A header is part of the file's format that merchants' programs read: the English header lines of
   * the declared lists, which follow the screen's titles, are written out here, so that a title changed
   * on the screen (which changes the file too) is a change someone makes on purpose.
   */
  it.each([
    [FundsPath.entryExport, 'Time,Gateway number,Currency,Account,Type,Amount,Caused by'],
    [
      FundsPath.batchExport,
      'Recorded time,Batch number,Gateway number,Currency,Settlement trade deadline,Transactions,Transaction amount,Single fee,Refund fee,Chargeback fee,Reserve extracted,Reserve returned,Recognized amount,RDR fee,Ethoca fee',
    ],
    [
      RefundPath.export,
      'Refund number,Transaction order number,Gateway number,Refund type,Refund method,Refund source,Currency,Available amount,Refund amount,Refund reason,Applicant,Application date,Processing status,Processing date,Failure reason',
    ],
    [WebsitePath.export, 'URL,Type,Average amount,Currency,Status,Platform store URL,Review failure reason,Submitted at'],
    [
      ReportPath.dailyDownload,
      'Date,Merchant number,Settlement currency,Total count,Approved count,Failed count,Duplicated failures,Success rate,Actual success rate,Approved amount,Chargeback count,Chargeback amount,Retrieval count,Retrieval amount,Refund count,Refund amount,RDR count,Ethoca count',
    ],
    [
      WaybillPath.export,
      'Transaction order number,Merchant order number,Gateway number,Currency,Amount,Transaction time,Settlement date,Upload by,Tracking number,Logistics company,Logistics websites,Upload date,Status,Check time,Check failure reason,Delivery-proof images,Uploads,Reused number',
    ],
  ])('keeps the English header line of %s', async (path, line) => {
    const route = exports.find((r) => r.url === `/v3api${path}`)!;
    expect((await exported(route, 'en')).header.join(',')).toBe(line);
  });
});

function webKeysOf(tree: Tree, prefix: string): string[] {
  const node = prefix.split('.').reduce<string | Tree | undefined>((n, p) => (typeof n === 'object' ? n[p] : undefined), tree);
  return typeof node === 'object' ? Object.keys(node).filter((k) => typeof node[k] === 'string') : [];
}
