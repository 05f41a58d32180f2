import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FundsPath, type TBatch, type TEntry } from '@mbo/shared/funds';
import type { TListPage } from '@mbo/shared/list';
import { toMajorString } from '@mbo/shared/money';
import { call, createTestApp, type TestContext } from '../../../test/helpers';
import { funded } from '../../../test/funds-factories';
import { exportCells } from '../../platform/export-cells';

/*
 * The recorded-entry and credit-entry exports, whose columns come from the lists' declarations
 * (packages/shared/src/list-fields.ts): each line of the file is the row the list answers, as the
 * screen shows it (labels, amounts in the currency's decimals, times in the caller's timezone).
 */

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const range = { from: '2026-03-01', to: '2026-03-03' };
const TZ = 'Asia/Shanghai';
const cells = exportCells('en', TZ);
const time = (iso: string | null) => (iso === null ? '' : String(cells.time(Date.parse(iso))));

async function exported(token: string, path: string): Promise<string[][]> {
  const file = await t.app.inject({
    method: 'POST',
    url: `/v3api${path}`,
    headers: { 'x-auth-token': token, lang: 'en_US', timezone: TZ },
    payload: { ...range, format: 'csv' },
  });
  expect(file.statusCode, file.body).toBe(200);
  return file.body
    .replace(/^\ufeff/, '')
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => line.split(','));
}

describe('funds exports from the declared lists', () => {
  it('writes the recorded entries as the list answers them', async () => {
    const f = await funded(t, 10_050);
    const list = await call<TListPage<TEntry>>(t.app, FundsPath.entryList, { token: f.token, query: range });
    expect(list.body.data.list).toHaveLength(3);
    const [header, ...lines] = await exported(f.token, FundsPath.entryExport);
    // The screen's column titles (the web catalog's).
    expect(header).toEqual(['Time', 'Gateway number', 'Currency', 'Account', 'Type', 'Amount', 'Caused by']);
    expect(lines).toEqual(
      list.body.data.list.map((e) => [
        time(e.occurredAt),
        e.gatewayNo,
        e.currency,
        cells.label('ledgerAccount', e.account),
        cells.label('ledgerType', e.type),
        toMajorString(e.amount, e.currency),
        e.refNo,
      ]),
    );
    expect(lines.map((l) => l[5])).toEqual(['100.50', '-100.50', '100.50']);
  });

  it('writes the credit entries as the list answers them', async () => {
    const f = await funded(t, 10_050);
    const list = await call<TListPage<TBatch>>(t.app, FundsPath.batchList, { token: f.token, query: range });
    expect(list.body.data.list).toHaveLength(1);
    const [header, ...lines] = await exported(f.token, FundsPath.batchExport);
    expect(header).toHaveLength(15);
    expect(header![0]).toBe('Recorded time');
    const money = (b: TBatch, n: number) => toMajorString(n, b.currency);
    expect(lines).toEqual(
      list.body.data.list.map((b) => [
        time(b.recordedAt),
        b.batchNo,
        b.gatewayNo,
        b.currency,
        time(b.tradeDeadline),
        String(b.txCount),
        ...[
          b.gross,
          b.singleFee,
          b.refundFee,
          b.chargebackFee,
          b.reserveExtracted,
          b.reserveReturned,
          b.recognized,
          b.rdrFee,
          b.ethocaFee,
        ].map((n) => money(b, n)),
      ]),
    );
    expect(lines[0]![6]).toBe('100.50');
  });
});
