/**
 * A list declared once (packages/shared/src/list-fields.ts): the answer's row is made from what either
 * database gives (numbers as text on PostgreSQL, NULL), and an export column of each kind writes the
 * text the screen's kind shows (money in its currency's decimals, times in the caller's zone, codes
 * by their labels).
 */
import { describe, expect, it } from 'vitest';
import { field } from '@mbo/shared/list-fields';
import '../messages';
import { exportCells } from './export-cells';
import { csvCell } from './export-values';
import { exportColumns, rowMapper } from './list-fields';

const FIELDS = {
  no: field.text('x.no'),
  currency: field.text(),
  amount: field.money('x.amount'),
  status: field.code('x.status', 'funds.withdrawStatus'),
  createdAt: field.time('x.createdAt'),
  doneAt: field.timeOrNull('x.doneAt'),
  count: field.count('x.count'),
};

describe('a declared list on the server', () => {
  it('maps a result row field by field, as either database gives it', () => {
    const toRow = rowMapper(FIELDS);
    const at = Date.UTC(2026, 4, 1, 2, 3, 4);
    expect(toRow({ id: 1, no: 'W1', currency: 'JPY', amount: '1250', status: 2, createdAt: String(at), doneAt: null, count: '7' })).toEqual(
      {
        no: 'W1',
        currency: 'JPY',
        amount: 1250,
        status: 2,
        createdAt: '2026-05-01T02:03:04.000Z',
        doneAt: null,
        count: 7,
      },
    );
    expect(toRow({ id: 1, no: null, currency: 'USD', amount: 5, status: 1, createdAt: at, doneAt: at, count: 0 })).toMatchObject({
      no: '',
      doneAt: '2026-05-01T02:03:04.000Z',
    });
  });

  it('makes each kind of export cell', () => {
    const c = exportCells('en', 'Asia/Shanghai');
    const columns = exportColumns(FIELDS, c, { headers: 'withdrawCol', codes: { status: 'withdrawStatus' } });
    expect(columns.map((col) => col.header)).toHaveLength(6);
    const row = {
      id: 1,
      no: 'W1',
      currency: 'JPY',
      amount: 1250,
      status: 2,
      createdAt: Date.UTC(2026, 4, 1, 2, 3, 4),
      doneAt: null,
      count: 7,
    };
    expect(columns.map((col) => csvCell(col.value(row)))).toEqual([
      'W1',
      '1250',
      c.label('withdrawStatus', 2),
      '2026-05-01 10:03:04',
      '',
      '7',
    ]);
  });

  it("titles an export's columns as the screen does, in the caller's language", () => {
    const fields = {
      no: field.text('funds.withdraw.no'),
      currency: field.text(undefined, { file: true }),
      amount: field.money('funds.withdraw.amount'),
    };
    const headers = (lang: 'en' | 'zhCn', special = {}) =>
      exportColumns(fields, exportCells(lang, 'UTC'), { special }).map((col) => col.header);
    // A column the screen does not title has to be given its header.
    expect(() => headers('en')).toThrow(/currency/);
    const currency = { currency: { header: 'Currency code' } };
    expect(headers('en', currency)).toEqual(['Withdrawal number', 'Currency code', 'Withdrawal amount']);
    expect(headers('zhCn', currency)).toEqual(['提现单号', 'Currency code', '提现金额']);
  });
});
