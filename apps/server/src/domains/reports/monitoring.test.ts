import { beforeAll, describe, expect, it } from 'vitest';
import { ReportPath, type TMonitoring } from '@mbo/shared/reports';
import { createAdmin, createGateway, createMerchant } from '../../../test/factories';
import { opsOf } from '../../../test/ops-harness';
import { call, signIn, testAppForFile } from '../../../test/helpers';
import { addRollupCounts } from '../../../test/report-factories';

/* Card-scheme monitoring (VAMP, ECP) reads the month's rollups; these tests write the rollup counts directly. */

const t = testAppForFile();
const ops = opsOf(t);
// 2026-05-20 12:00 in UTC+08:00: business day 2026-05-20.
const NOW = Date.parse('2026-05-20T04:00:00Z');

beforeAll(() => {
  t.clock.set(NOW);
});

describe('card-scheme monitoring', () => {
  const MAY_15 = Date.parse('2026-05-15T04:00:00Z');

  async function status(token: string) {
    const res = await call<TMonitoring>(t.app, ReportPath.monitoring, { token });
    expect(res.body.code).toBe(0);
    const [vamp, ecp] = res.body.data.programs;
    return { data: res.body.data, vamp: vamp!, ecp: ecp! };
  }

  it('computes VAMP without RDR alerts and ECP against last month, to date and projected, with levels and count conditions', async () => {
    t.clock.set(MAY_15);
    try {
      const m = await createMerchant(t.db);
      const g = await createGateway(t.db, m, { currency: 'USD' });
      await addRollupCounts(t.db, m, g, 'VISA', '2026-05-02', {
        success_count: 1000,
        tx_count: 1100,
        chargeback_count: 10,
        fraud_report_count: 6,
        rdr_count: 50,
      });
      await addRollupCounts(t.db, m, g, 'MASTERCARD', '2026-04-20', { success_count: 10_000, tx_count: 10_000 });
      await addRollupCounts(t.db, m, g, 'MASTERCARD', '2026-05-03', { chargeback_count: 120 });
      const token = await signIn(t.app, await createAdmin(t.db, m));

      const { data, vamp, ecp } = await status(token);
      expect(data).toMatchObject({ month: '2026-05', daysElapsed: 15, daysInMonth: 31 });
      expect(vamp.parts).toEqual({ fraudReports: 6, chargebacks: 10, rdrExcluded: 50 });
      expect(vamp.mtd).toEqual({ count: 16, base: 1000, ratioBp: 160, level: 'excessive' });
      // 16 x 31 / 15 = 33.07 -> 33; 1000 x 31 / 15 = 2066.7 -> 2067; 33 / 2067 = 1.60 %.
      expect(vamp.projected).toEqual({ count: 33, base: 2067, ratioBp: 160, level: 'excessive' });
      expect(vamp.thresholds).toEqual([{ level: 'excessive', ratioBp: 150, minCount: 0 }]);
      expect(ecp.mtd).toEqual({ count: 120, base: 10_000, ratioBp: 120, level: 'warning' });
      // 120 x 31 / 15 = 248 -> 2.48 %: excessive, not high excessive (3.0 % and 300 needed).
      expect(ecp.projected).toEqual({ count: 248, base: 10_000, ratioBp: 248, level: 'excessive' });

      // An operator lowers the merchant's VAMP bar, then raises it above the ratio.
      const set = await ops('monitoring:set', '--program', 'vamp', '--level', 'excessive', '--ratio', '2', '--merchant', m.merchantNo);
      expect(set.code).toBe(0);
      expect((await status(token)).vamp.mtd.level).toBeNull();
      // A default row (every merchant) does not override the merchant's own.
      expect((await ops('monitoring:set', '--program', 'vamp', '--level', 'excessive', '--ratio', '1.2')).code).toBe(0);
      expect((await status(token)).vamp.thresholds).toEqual([{ level: 'excessive', ratioBp: 200, minCount: 0 }]);
      const shown = await ops('monitoring:show', '--merchant', m.merchantNo);
      expect(shown.out).toMatch(/vamp\s+excessive\s+ratio\s+2\.00%/);
      expect(shown.out).toMatch(/ecp\s+to date\s+120 \/ 10000\s+=\s+1\.20%\s+level warning/);
      const wrong = await ops('monitoring:set', '--program', 'vamp', '--level', 'excessive', '--ratio', '1.234');
      expect(wrong.code).toBe(2);
      await t.db.deleteFrom('monitoring_thresholds').where('merchant_id', '=', 0).execute();
    } finally {
      t.clock.set(NOW);
    }
  });

  it('needs 100 chargebacks for ECP warning and 300 for high excessive, and shows a limited admin only its gateways', async () => {
    t.clock.set(MAY_15);
    try {
      const m = await createMerchant(t.db);
      const small = await createGateway(t.db, m, { currency: 'USD' });
      const big = await createGateway(t.db, m, { currency: 'EUR' });
      await addRollupCounts(t.db, m, small, 'MASTERCARD', '2026-04-10', { success_count: 5_000 });
      await addRollupCounts(t.db, m, small, 'MASTERCARD', '2026-05-10', { chargeback_count: 90 });
      await addRollupCounts(t.db, m, big, 'MASTERCARD', '2026-04-10', { success_count: 5_000 });
      await addRollupCounts(t.db, m, big, 'MASTERCARD', '2026-05-10', { chargeback_count: 220 });

      const limited = await signIn(t.app, await createAdmin(t.db, m, { gateways: [small] }));
      const few = (await status(limited)).ecp;
      // 90 / 5000 = 1.80 % but fewer than 100 chargebacks: no level; projected 186 -> 3.72 %, fewer than 300: excessive.
      expect(few.mtd).toEqual({ count: 90, base: 5_000, ratioBp: 180, level: null });
      expect(few.projected).toEqual({ count: 186, base: 5_000, ratioBp: 372, level: 'excessive' });

      const all = await signIn(t.app, await createAdmin(t.db, m));
      const many = (await status(all)).ecp;
      // 310 / 10000 = 3.10 % with 310 chargebacks: high excessive.
      expect(many.mtd).toEqual({ count: 310, base: 10_000, ratioBp: 310, level: 'highExcessive' });
    } finally {
      t.clock.set(NOW);
    }
  });
});
