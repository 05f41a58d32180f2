import { describe, expect, it } from 'vitest';
import { createGateway, createMerchant } from '../../test/factories';
import { testAppForFile } from '../../test/helpers';
import { loadWorkspace } from '../domains/disputes/evidence-service';
import { sessionScope } from '../platform/scope';
import { DEMO_CE3_CASES, seedCe3Cases } from './demo-ce3';

const t = testAppForFile();

describe('demo CE 3.0 cases', () => {
  it('holds one 10.4 case eligible for CE 3.0 with its two prior payments, and one that misses the window', async () => {
    const m = await createMerchant(t.db);
    const g = await createGateway(t.db, m);
    await t.db.updateTable('gateways').set({ gateway_no: '10010001' }).where('id', '=', g.id).execute();
    const now = Date.UTC(2026, 10, 26, 9, 30);
    await seedCe3Cases(t.db, now);
    const scope = sessionScope(m.id, 0, null);
    const eligible = await loadWorkspace(t.db, scope, DEMO_CE3_CASES.eligible, now);
    expect(eligible.ce3).toMatchObject({ eligible: true, missing: null });
    expect(eligible.ce3?.qualifying.map((q) => q.daysBefore)).toEqual([150, 240]);
    expect(eligible.canEdit).toBe(true);
    const not = await loadWorkspace(t.db, scope, DEMO_CE3_CASES.notEligible, now);
    expect(not.ce3).toMatchObject({ eligible: false, missing: 'window' });
  });
});
