import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@mbo/shared/envelope';
import { createTestApp, login, type TestContext } from '../test/helpers';
import { ipKey } from './platform/attempt-limiter';

/*
 * Forged X-Forwarded-For, fuzzed (the route fuzz's companion, run with it by `npm run fuzz`): behind
 * one proxy counted by TRUST_PROXY=1, whatever a client writes into the header, the address the server
 * sees is the one the proxy put last. Each case is a random header value (addresses of both families,
 * words, commas, spaces, long text) that the proxy either extends with the address it saw (nginx's
 * former $proxy_add_x_forwarded_for) or replaces with it ($remote_addr, the shipped site file). A failed
 * sign-in then must log that address, and the per-address sign-in counters must name only such
 * addresses: a forged value escapes neither the limit nor the log.
 *
 * FUZZ_RUNS (default 4) x 5 cases in `npm test`; `npm run fuzz` runs 150 x 5. FUZZ_SEED changes the seed.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 4) * 5;
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ config: { trustProxy: 1 } });
});
afterAll(async () => {
  await t.close();
});

const forgedEntry = fc.oneof(
  fc.ipV4(),
  fc.ipV6(),
  fc.constantFrom('127.0.0.1', '::1', '10.0.0.1', 'unknown', 'for=192.0.2.60', '999.1.1.1', '', ' ', ',', 'a'.repeat(300)),
  // Printable ASCII (what a header may carry), commas and spaces included.
  fc.string({ maxLength: 40 }),
);

const caseArb = fc.record({
  forged: fc.array(forgedEntry, { minLength: 1, maxLength: 5 }),
  /** The client's address as the proxy saw it. */
  client: fc.oneof(fc.ipV4(), fc.ipV6()),
  /** Whether the proxy appends to the client's header or replaces it. */
  appends: fc.boolean(),
});

describe('forged X-Forwarded-For behind a counted proxy', () => {
  it('never changes the address the server sees', async () => {
    const clients = new Set<string>();
    let lastLogId = 0;
    await fc.assert(
      fc.asyncProperty(caseArb, async (c) => {
        const header = c.appends ? `${c.forged.join(', ')}, ${c.client}` : c.client;
        const res = await login(t.app, '100001', 'fuzz-forwarded', 'Wrong#Pass1', {
          ip: '10.0.0.1',
          headers: { 'x-forwarded-for': header },
        });
        expect([ErrorCode.business, ErrorCode.tooMany]).toContain(res.body.code);
        clients.add(c.client);
        const logged = await t.db.selectFrom('login_logs').select(['id', 'ip']).where('id', '>', lastLogId).orderBy('id').execute();
        expect(logged.map((l) => l.ip)).toEqual([c.client]);
        lastLogId = logged[0]?.id ?? lastLogId;
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    const counted = await t.db.selectFrom('sign_in_attempts').select('key_hash').where('scope', '=', 'ip').execute();
    const allowed = new Set([...clients].map(ipKey));
    expect(counted.filter((r) => !allowed.has(r.key_hash))).toEqual([]);
    expect(counted.length).toBe(clients.size);
  });
});
