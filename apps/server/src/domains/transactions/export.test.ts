import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@mbo/shared/envelope';
import { dialectOf } from '../../db/database';
import { exportCells } from '../../platform/export-cells';
import { createAdmin, createGateway, createMerchant } from '../../../test/factories';
import { signIn, testAppForFile } from '../../../test/helpers';
import { createTransaction } from '../../../test/trade-factories';
import { at, csvRows, exportFile, list, worldForFile } from '../../../test/transaction-world';
import { exportColumns } from './routes';

const t = testAppForFile();
const w = worldForFile(t);

describe('transaction export', () => {
  it('CSV: BOM, headers in the caller language, masked card, major amounts, formula cells neutralised, dated file name', async () => {
    const res = await exportFile(t, w.token, 'formal', { format: 'csv' }, { lang: 'en_US' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''transactions_2026-03-01_2026-03-31.csv");
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const rows = csvRows(res.body);
    expect(rows[0]).toContain('Transaction order number');
    expect(rows[0]).toContain('Amount');
    const plain = rows.find((r) => r.includes(w.tx.plain!.tradeNo))!;
    expect(plain).toContain('411111******1111');
    expect(plain).toContain('10.50');
    expect(plain).toContain('Success');
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    const cn = await exportFile(t, w.token, 'formal', { format: 'csv' }, { lang: 'zh_CN' });
    expect(csvRows(cn.body)[0]).toContain('交易订单号');
  });

  it('by processing time, a row the database leaves to the columns (a cell to quote) is written too, every listed row once', async () => {
    // The walk's next batch starts after the last row's processing time, read with the cells.
    for (const format of ['csv', 'xlsx']) {
      const listed = await list(t, w.token, 'formal', { timeType: 'process', limit: '50' });
      const res = await exportFile(t, w.token, 'formal', { format, timeType: 'process' }, { lang: 'en_US' });
      expect(res.statusCode, format).toBe(200);
      if (format === 'xlsx') continue;
      const rows = csvRows(res.body).slice(1);
      expect(rows.map((r) => r[1]).sort()).toEqual(listed.body.data.list.map((r) => r.tradeNo).sort());
      expect(res.body).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    }
  });

  it('the export row count equals the list total for the same filters', async () => {
    for (const filters of [{}, { payStatus: '1' }, { chargebackStatus: '0' }, { amountMin: '10' }]) {
      const listed = await list(t, w.token, 'formal', filters as Record<string, string>);
      const file = await exportFile(t, w.token, 'formal', { format: 'csv', ...filters });
      expect(csvRows(file.body).length - 1, JSON.stringify(filters)).toBe(listed.body.data.total);
    }
  });

  it('keeps every row across several keyset batches', async () => {
    const m = await createMerchant(t.db);
    const g = await createGateway(t.db, m);
    const token = await signIn(t.app, await createAdmin(t.db, m));
    // Same second for many rows: the id breaks ties so no row is skipped or repeated between batches.
    for (let i = 0; i < 2_050; i += 1) await createTransaction(t.db, m, g, { created_at: at(20) + (i % 3) * 1000 });
    const listed = await list(t, token, 'formal');
    expect(listed.body.data.total).toBe(2_050);
    const file = await exportFile(t, token, 'formal', { format: 'csv' });
    const rows = csvRows(file.body).slice(1);
    expect(rows).toHaveLength(2_050);
    expect(new Set(rows.map((r) => r[1])).size).toBe(2_050);
  });

  it('each row shows its own gateway response in the caller language, however often a text repeats', async () => {
    const m = await createMerchant(t.db);
    const g = await createGateway(t.db, m);
    const token = await signIn(t.app, await createAdmin(t.db, m));
    // Stored text, then the cell in Chinese and in English; interleaved, so a text made once and given
    // again must still be the one of its own row.
    const cases = [
      ['51 Insufficient funds', '51 余额不足', '51 Insufficient funds'],
      ['00 Approved', '00 交易成功', '00 Approved'],
      ['Gateway said no', 'Gateway said no', 'Gateway said no'],
      ['51 Insufficient funds', '51 余额不足', '51 Insufficient funds'],
      ['05  Do not honour', '05 发卡行拒绝交易', '05 Do not honour'],
      ['00 Approved', '00 交易成功', '00 Approved'],
    ] as const;
    for (const [i, [stored]] of cases.entries())
      await createTransaction(t.db, m, g, { created_at: at(10) + i * 1000, trade_no: `GWTEXT${i}`, return_message: stored });
    const cells = async (lang: string) => {
      const rows = csvRows((await exportFile(t, token, 'formal', { format: 'csv' }, { lang })).body);
      const col = rows[0]!.indexOf(lang === 'en_US' ? 'Response message' : '返回信息');
      return cases.map((_, i) => rows.find((r) => r.includes(`GWTEXT${i}`))?.[col]);
    };
    expect(await cells('zh_CN')).toEqual(cases.map((c) => c[1]));
    expect(await cells('en_US')).toEqual(cases.map((c) => c[2]));
  });

  it('XLSX is a workbook that reads back with the same rows', async () => {
    const res = await exportFile(t, w.token, 'riskDeclined', { format: 'xlsx' }, { lang: 'en_US' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('risk-declined_2026-03-01_2026-03-31.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    expect(sheet.rowCount).toBe(2);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toContain('Failed risk rules');
    const row = (sheet.getRow(2).values as unknown[]).slice(1);
    expect(row).toContain(w.tx.declined!.tradeNo);
    // Rule codes the catalog does not name stay codes; amounts are numbers a spreadsheet adds up.
    expect(row).toContain('R101, R205');
    expect(row.some((cell) => typeof cell === 'number')).toBe(true);
  });

  it('the CSV cells SQLite makes read only columns declared TEXT as text (sqlText, sqlJoin, the currency of moneySql)', async () => {
    if (dialectOf(t.app.appConfig.databaseUrl) !== 'sqlite') return;
    const declared = new Map<string, string>();
    for (const table of ['transactions', 'gateways']) {
      const { rows } = await sql<{ name: string; type: string }>`select name, type from pragma_table_info(${table})`.execute(t.db);
      for (const c of rows) if (!declared.has(c.name) || table === 'gateways') declared.set(c.name, c.type);
    }
    const texts = new Set<string>();
    for (const column of exportColumns(exportCells('en', 'UTC'), 'riskDeclined')) {
      const cell = column.sql ?? '';
      for (const m of cell.matchAll(/ifnull\("(\w+)", ''\)|"(\w+)" \|\||\|\| "(\w+)"|"(\w+)" is not null/g))
        texts.add(m[1] ?? m[2] ?? m[3] ?? m[4]!);
    }
    expect([...texts].sort()).toEqual(
      ['cardMasked', 'currency', 'email', 'gatewayNo', 'ip', 'merchantOrderNo', 'settleCurrency', 'tradeNo'].sort(),
    );
    // A cell names a field of the list's select; the masked card is its two stored parts joined there.
    const read = (name: string) =>
      name === 'cardMasked' ? ['card_first6', 'card_last4'] : [name.replace(/[A-Z]/g, (ch) => `_${ch.toLowerCase()}`)];
    for (const name of texts) for (const column of read(name)) expect(declared.get(column), name).toBe('TEXT');
  });

  it('the response message cell the database makes is the one the column writes, or NULL where it leaves the text to it', async () => {
    const raws = [
      '00 Approved',
      'Approved',
      'APPROVED',
      '05 do NOT honour',
      '05 Do not honor',
      '3DS authentication failed',
      '51 Insufficient funds',
      '57 Transaction not permitted',
      'Pre-authorization awaiting capture',
      '05  Do not honour',
      ' 51 Insufficient funds',
      '51 Insufficient funds ',
      '51\tInsufficient funds',
      '5 Insufficient funds',
      '99 Something else',
      'Something else',
      '',
      '\u212Aey',
      'ＡPPROVED',
      '00 Approved, with a comma',
      '0a approved',
      '00 ',
      '\u0660\u0660 Approved',
      '00  ',
    ];
    const dialect = dialectOf(t.app.appConfig.databaseUrl);
    for (const lang of ['en', 'zhCn', 'zhHk'] as const) {
      const cells = exportCells(lang, 'UTC', dialect);
      const column = exportColumns(cells, 'formal').find((c) => c.header === cells.text('trade.col.returnMessage'))!;
      const made = new Set<string>();
      for (const raw of raws) {
        const { rows } = await sql<{
          v: string | null;
        }>`select ${sql.raw(column.sql!)} as v from (select cast(${raw} as text) as "returnMessage") as x`.execute(t.db);
        const text = rows[0]!.v;
        if (text === null) continue;
        made.add(raw);
        expect(text, `${lang}: ${raw}`).toBe(column.value({ returnMessage: raw } as never));
      }
      // The known texts as gateways send them, with or without a code, in any letter case, and no text.
      expect([...made].sort()).toEqual([...raws.slice(0, 9), ''].sort());
    }
  });

  it('the amount cells the database makes are the text the column writes, or NULL where they leave it to the column', async () => {
    const dialect = dialectOf(t.app.appConfig.databaseUrl);
    const cells = exportCells('en', 'UTC', dialect);
    const column = exportColumns(cells, 'formal').find((c) => c.header === cells.screen('trade.amount'))!;
    const amounts = [0, 1, 5, 99, 100, 27114, -1, -5, -100, -27114, 123456789012, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER];
    // Codes as gateways may send them, in any case; JPY and KRW have no decimals. Letters other than
    // ASCII ones that JavaScript upper-cases to ASCII (a dotless i, a long s) or not at all (full width).
    const currencies = ['USD', 'usd', 'JPY', 'jpy', 'Jpy', 'KRW', 'krw', 'EUR', 'XYZ', '\uff2a\uff30\uff39', '\u0131sk', '\u017fgd', ''];
    let made = 0;
    for (const currency of currencies)
      for (const amount of amounts) {
        const { rows } = await sql<{
          v: string | null;
        }>`select ${sql.raw(column.sql!)} as v from (select cast(${amount} as bigint) as "amount", cast(${currency} as text) as "currency") as x`.execute(
          t.db,
        );
        const text = rows[0]!.v;
        if (text === null) continue;
        made += 1;
        expect(text, `${amount} ${currency}`).toBe((column.value({ amount, currency } as never) as { text: string }).text);
      }
    // Every one: the amounts are integers within ±Number.MAX_SAFE_INTEGER and every currency has a text.
    expect(made).toBe(amounts.length * currencies.length);
    // Beyond them the column writes it.
    const { rows } = await sql<{
      v: string | null;
    }>`select ${sql.raw(column.sql!)} as v from (select cast(${'9007199254740993'} as bigint) as "amount", 'USD' as "currency") as x`.execute(
      t.db,
    );
    expect(rows[0]!.v).toBeNull();
  });

  it('an unknown format or a bad range is refused as JSON before any file starts', async () => {
    const bad = await exportFile(t, w.token, 'formal', { format: 'pdf' }, { lang: 'en_US' });
    expect(bad.json<{ code: number; msg: string }>()).toMatchObject({ code: ErrorCode.validation });
    const long = await exportFile(t, w.token, 'formal', { format: 'csv', from: '2026-01-01', to: '2026-12-01' }, { lang: 'en_US' });
    expect(long.json<{ msg: string }>().msg).toContain('6 months');
  });
});
