import { describe, expect, it } from 'vitest';
import { createGateway, createMerchant } from '../../test/factories';
import { opsOf } from '../../test/ops-harness';
import { testAppForFile } from '../../test/helpers';
import { createTransaction } from '../../test/trade-factories';

/* The funds commands run in-process against the test database, as `npm run ops -- ...` runs them. */

const t = testAppForFile();
const ops = opsOf(t);

describe('funds operator commands', () => {
  it('sets a configuration, settles a day, verifies the ledger and writes it as a balanced journal', async () => {
    const m = await createMerchant(t.db);
    const g = await createGateway(t.db, m, { currency: 'USD' });
    const set = await ops(
      'settle:config',
      '--merchant',
      m.merchantNo,
      '--gateway',
      g.gatewayNo,
      '--cycle',
      '1',
      '--fee-percent',
      '2.5',
      '--min-withdrawal',
      '50',
    );
    expect(set.code).toBe(0);
    expect(set.out).toContain('T+1 business days');
    expect(set.out).toContain('fee 2.5% + 0.30 USD');
    expect(set.out).toContain('minimum single withdrawal 50.00 USD');
    const bad = await ops('settle:config', '--merchant', m.merchantNo, '--gateway', g.gatewayNo, '--min-withdrawal', '1,5');
    expect(bad.code).toBe(2);

    await createTransaction(t.db, m, g, { amount: 10_000, created_at: Date.UTC(2026, 2, 2, 4) });
    const settled = await ops('settle', '--date', '2026-03-03', '--merchant', m.merchantNo);
    expect(settled.out).toContain('1 batches tabulated, 1 transactions credited');
    expect((await ops('settle', '--date', '2026-03-03', '--merchant', m.merchantNo)).out).toContain('0 batches tabulated');
    expect((await ops('settle', '--date', '3 March')).code).toBe(2);

    const verify = await ops('ledger:verify');
    expect(verify.code).toBe(0);
    expect(verify.out).toContain('ledger OK');

    const file = `${t.config.dataDir}/journal.txt`;
    expect((await ops('ledger:journal', '--merchant', m.merchantNo, '--out', file)).code).toBe(0);
    const { readFileSync } = await import('node:fs');
    const journal = readFileSync(file, 'utf8');
    expect(journal).toContain(`Liabilities:Merchants:${m.merchantNo}:${g.gatewayNo}:unsettled  -100.00 USD`);
    // Every transaction of the journal balances.
    for (const block of journal.trim().split('\n\n')) {
      const cents = block
        .split('\n')
        .slice(1)
        .map((l) => Math.round(Number(l.trim().split(/\s+/)[1]) * 100));
      expect(cents.reduce((a, b) => a + b, 0)).toBe(0);
    }
    expect((await ops('withdraw:pay', 'WDNOPE')).code).toBe(2);

    // A merchant whose payments were recorded before the ledger: backfilled once, then verified.
    const old = await createMerchant(t.db);
    const og = await createGateway(t.db, old, { currency: 'USD' });
    await createTransaction(t.db, old, og, { amount: 7_700, created_at: Date.UTC(2026, 2, 2, 4) });
    await t.db.deleteFrom('ledger_entries').where('merchant_id', '=', old.id).execute();
    await t.db.deleteFrom('ledger_transactions').where('merchant_id', '=', old.id).execute();
    await t.db.deleteFrom('ledger_accounts').where('merchant_id', '=', old.id).execute();
    const backfill = await ops('ledger:backfill', '--merchant', old.merchantNo);
    expect(backfill.out).toContain('ledger backfilled for 1 merchant(s)');
    expect((await ops('ledger:backfill', '--merchant', old.merchantNo)).out).toContain('for 0 merchant(s)');
    expect((await ops('ledger:verify')).out).toContain('ledger OK');
    expect((await ops('withdraw:list', '--merchant', m.merchantNo)).out).toContain('no withdrawals');
  });
});
