import { beforeAll, describe, expect, it } from 'vitest';
import { ProgrammePath, type TProgrammes } from '@mbo/shared/programmes';
import { DisputeKind } from '@mbo/shared/trade-enums';
import { createAdmin, createGateway, createMerchant, createRole } from '../../../test/factories';
import { call, signIn, testAppForFile } from '../../../test/helpers';
import { opsOf } from '../../../test/ops-harness';
import { addDispute, addRollupCounts } from '../../../test/report-factories';
import { createTransaction } from '../../../test/trade-factories';

/* The card-scheme programmes through the API and the operator commands, on the rule rows the migration writes. */

const t = testAppForFile();
const ops = opsOf(t);
// 2026-04-15 12:00 in UTC+08:00: day 15 of 30 of April 2026, the first month of the 1.50% VAMP line.
const NOW = Date.parse('2026-04-15T04:00:00Z');

beforeAll(() => {
  t.clock.set(NOW);
});

async function status(token: string, month?: string) {
  const res = await call<TProgrammes>(t.app, `${ProgrammePath.status}${month ? `?month=${month}` : ''}`, { token });
  expect(res.body.code).toBe(0);
  const by = (p: string) => res.body.data.programmes.find((x) => x.programme === p)!;
  return { data: res.body.data, vamp: by('vamp'), ecp: by('ecp'), enumeration: by('vampEnumeration') };
}

describe('card-scheme programmes', () => {
  it('judges VAMP with its 1,500-event gate, counts RDR-resolved disputes and projects with the open Ethoca alerts', async () => {
    const m = await createMerchant(t.db);
    const g = await createGateway(t.db, m, { currency: 'USD' });
    // 700 + 40 + 10 = 750 events of 50,000 settled: 1.50%, under the gate to date; projected 1,500 of 100,000.
    await addRollupCounts(t.db, m, g, 'VISA', '2026-04-03', {
      success_count: 50_000,
      tx_count: 52_000,
      failed_count: 2_000,
      fraud_report_count: 700,
      chargeback_count: 40,
      rdr_count: 10,
    });
    // Two open Visa alerts and one refunded (not open) make the what-if.
    const tx = await createTransaction(t.db, m, g, { created_at: Date.parse('2026-02-10T04:00:00Z') });
    await addDispute(t.db, m, g, tx.id, DisputeKind.ethocaAlert, 100, NOW - 3_600_000);
    await addDispute(t.db, m, g, tx.id, DisputeKind.ethocaAlert, 100, NOW - 3_600_000);
    const token = await signIn(t.app, await createAdmin(t.db, m));

    const { data, vamp, enumeration } = await status(token);
    expect(data).toMatchObject({ month: '2026-04', daysElapsed: 15, daysInMonth: 30 });
    expect(vamp.parts).toEqual({ fraudReports: 700, disputes: 40, rdrResolved: 10, settled: 50_000 });
    expect(vamp.mtd).toEqual({ count: 750, base: 50_000, ratioBp: 150, tier: null });
    // (750 x 2 + 2 open alerts) / 100,000 = 1.502%.
    expect(vamp.projected).toEqual({ count: 1_502, base: 100_000, ratioBp: 150, tier: 'excessive' });
    expect(vamp.whatIf).toEqual({
      openEthoca: 2,
      ifRefunded: { count: 1_500, base: 100_000, ratioBp: 150, tier: 'excessive' },
      rdrCounted: 10,
    });
    expect(vamp.lines).toEqual([
      expect.objectContaining({
        line: 'excessive',
        effectiveFrom: '2026-04-01',
        ratioBp: 150,
        minCount: 1_500,
        own: false,
        eventsLeft: 750,
      }),
    ]);
    expect(enumeration.mtd).toEqual({ count: 2_000, base: 52_000, ratioBp: 385, tier: null });

    // March was judged by the 2.20% line: the same counts there would be far off it.
    await addRollupCounts(t.db, m, g, 'VISA', '2026-03-10', { success_count: 60_000, fraud_report_count: 1_000, chargeback_count: 500 });
    const march = await status(token, '2026-03');
    expect(march.vamp.lines[0]).toMatchObject({ ratioBp: 220, effectiveFrom: '2025-04-01', eventsLeft: 0 });
    expect(march.vamp.mtd).toEqual({ count: 1_500, base: 60_000, ratioBp: 250, tier: 'excessive' });
    expect(march.vamp.whatIf).toBeNull();
  });

  it('needs count and ratio for ECP tiers, and shows a limited admin only the figures of its gateways', async () => {
    const m = await createMerchant(t.db);
    const small = await createGateway(t.db, m, { currency: 'USD' });
    const big = await createGateway(t.db, m, { currency: 'EUR' });
    await addRollupCounts(t.db, m, small, 'MASTERCARD', '2026-03-10', { success_count: 5_000 });
    await addRollupCounts(t.db, m, small, 'MASTERCARD', '2026-04-02', { chargeback_count: 99 });
    await addRollupCounts(t.db, m, big, 'MASTERCARD', '2026-03-10', { success_count: 5_000 });
    await addRollupCounts(t.db, m, big, 'MASTERCARD', '2026-04-02', { chargeback_count: 201 });
    const mcTx = await createTransaction(t.db, m, big, { card_scheme: 'MASTERCARD', created_at: Date.parse('2026-02-10T04:00:00Z') });
    await addDispute(t.db, m, big, mcTx.id, DisputeKind.ethocaAlert, 100, NOW - 3_600_000, 'MASTERCARD');

    const limited = (await status(await signIn(t.app, await createAdmin(t.db, m, { gateways: [small] })))).ecp;
    // 99 of 5,000 (1.98%) is one chargeback short of every tier; the other gateway's alert is not its.
    expect(limited.mtd).toEqual({ count: 99, base: 5_000, ratioBp: 198, tier: null });
    expect(limited.lines.map((l) => [l.line, l.eventsLeft])).toEqual([
      ['cmm', 1],
      ['ecm', 1],
      ['hecm', 201],
    ]);
    expect(limited.whatIf).toEqual({ openEthoca: 0, ifRefunded: expect.objectContaining({ count: 198 }), rdrCounted: null });

    const all = (await status(await signIn(t.app, await createAdmin(t.db, m)))).ecp;
    // 300 of 10,000: 3.00% with 300 chargebacks, high excessive; projected 600 + 1 open alert.
    expect(all.mtd).toEqual({ count: 300, base: 10_000, ratioBp: 300, tier: 'hecm' });
    expect(all.projected).toEqual({ count: 601, base: 10_000, ratioBp: 601, tier: 'hecm' });
    expect(all.whatIf?.openEthoca).toBe(1);
  });

  it("follows an operator's dated rule for one merchant only, and is refused without the statistics permission", async () => {
    const m = await createMerchant(t.db);
    const other = await createMerchant(t.db);
    const g = await createGateway(t.db, m, { currency: 'USD' });
    await addRollupCounts(t.db, m, g, 'VISA', '2026-04-02', { success_count: 100_000, fraud_report_count: 1_600, chargeback_count: 100 });
    const token = await signIn(t.app, await createAdmin(t.db, m));
    expect((await status(token)).vamp.mtd.tier).toBe('excessive');

    // A MENA merchant keeps 2.20% from April 2026: one row, no code.
    const set = await ops(
      'programme:set',
      '--programme',
      'vamp',
      '--line',
      'excessive',
      '--from',
      '2026-04-01',
      '--ratio',
      '2.2',
      '--min-count',
      '1500',
      '--merchant',
      m.merchantNo,
    );
    expect(set.code).toBe(0);
    const own = await status(token);
    // 2.20% of the month-end base (100,000 x 30 / 15) is 4,400 events: 2,700 more than the 1,700 so far.
    expect(own.vamp.lines[0]).toMatchObject({ ratioBp: 220, own: true, eventsLeft: 2_700 });
    expect(own.vamp.mtd.tier).toBeNull();
    const otherToken = await signIn(t.app, await createAdmin(t.db, other));
    expect((await status(otherToken)).vamp.lines[0]).toMatchObject({ ratioBp: 150, own: false });

    const listed = await ops('programme:list', '--merchant', m.merchantNo);
    expect(listed.out).toMatch(/own\s+vamp\s+excessive\s+from 2026-04-01\s+ratio >= 2\.20%, events >= 1500/);
    expect(listed.out).toMatch(/ecp\s+ecm\s+ratio 1\.50% to below 3\.00%, events 100 to 299 \(from 2025-04-01\)/);
    const shown = await ops('monitoring:show', '--merchant', m.merchantNo);
    expect(shown.out).toMatch(/vamp\s+to date\s+1700 \/ 100000\s+=\s+1\.70%\s+tier none/);
    expect(shown.out).toMatch(/excessive ratio >= 2\.20%, events >= 1500 \(from 2026-04-01, own\): 2700 events left/);

    for (const bad of [
      ['--programme', 'vamp', '--line', 'hecm', '--from', '2026-04-01', '--ratio', '1', '--min-count', '1'],
      ['--programme', 'vamp', '--line', 'excessive', '--from', '2026-04-15', '--ratio', '1', '--min-count', '1'],
      ['--programme', 'ecp', '--line', 'ecm', '--from', '2026-04-01', '--ratio', '1.5', '--ratio-below', '1.5', '--min-count', '1'],
      ['--programme', 'ecp', '--line', 'ecm', '--from', '2026-04-01', '--ratio', '1.5', '--min-count', '300', '--max-count', '299'],
    ]) {
      const refused = await ops('programme:set', ...bad);
      expect(refused.code).toBe(2);
    }
    expect(
      (await ops('programme:remove', '--programme', 'vamp', '--line', 'excessive', '--from', '2026-04-01', '--merchant', m.merchantNo))
        .code,
    ).toBe(0);
    expect((await status(token)).vamp.lines[0]).toMatchObject({ ratioBp: 150, own: false });

    const role = await createRole(t.db, m, { permissions: ['/tradeDailyReport/showTradeDaily'] });
    const noStats = await signIn(t.app, await createAdmin(t.db, m, { roleId: role.id }));
    const refused = await call(t.app, ProgrammePath.status, { token: noStats });
    expect(refused.status).toBe(403);
    const future = await call(t.app, `${ProgrammePath.status}?month=2026-05`, { token, lang: 'en_US' });
    expect(future.body.code).not.toBe(0);
  });
});
