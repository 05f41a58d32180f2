// Verification codes asked for many times at once for one destination, the requests spread over every
// API node directly and through nginx: the send limit is checked and the code recorded one request at a
// time per destination on the whole cluster (a PostgreSQL advisory lock, apps/server/src/db/keyed-lock.ts),
// so exactly one message goes out and every other request gets the translated "wait" answer. Each node
// checked and recorded on its own before, and 30 requests sent 30 SMS.
import { randomInt, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { API_BASE } from '@mbo/shared/api-paths';
import { OnboardingPath } from '@mbo/shared/onboarding-paths';
import { baseURL, ops } from '../support/browser';
import { everyNodeUp } from '../support/cluster-nodes';

type TEnvelope<T> = { code: number; msg: string; data: T };

const BURST = 30;
const EN_TOO_SOON = /^Please wait \d+ seconds before requesting another code$/;

let clients = 0;

/**
 * One public call at request `i` of a burst: to node 0, 1, 2 or nginx in turn. A call straight to a node
 * comes from an address of its own (the nodes believe X-Forwarded-For from the loopback address, where
 * nginx runs), so that only the destination's limit can stop it, not its client address's; through
 * nginx it comes from nginx's view of the client.
 */
async function publicCall<T>(i: number, path: string, body: unknown): Promise<{ status: number; body: TEnvelope<T> }> {
  const origins = [...inject('nodeURLs'), baseURL()];
  const origin = origins[i % origins.length]!;
  const headers: Record<string, string> = { 'content-type': 'application/json', lang: 'en_US' };
  clients += 1;
  if (origin !== baseURL()) headers['x-forwarded-for'] = `10.88.${(clients >> 8) & 255}.${clients & 255}`;
  const res = await fetch(`${origin}${API_BASE}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as TEnvelope<T> };
}

/** The burst's answers: every one a 200; the refusals all the translated "wait" message. */
function tally(results: { status: number; body: TEnvelope<unknown> }[]): { sent: number; refusals: string[] } {
  for (const r of results) expect(r.status, r.body.msg).toBe(200);
  const refusals = results.filter((r) => r.body.code !== 0).map((r) => r.body.msg);
  return { sent: results.length - refusals.length, refusals };
}

/** The outbox rows of one destination, as the operator lists them (`ops sms:list` / `mail:list`). */
function outbox(kind: 'sms' | 'mail', to: string): string[] {
  const out = ops([`${kind}:list`, '--to', to, '--limit', '1000']);
  return out.split('\n').filter((line) => line.includes(to));
}

const burst = (path: string, body: unknown) => Promise.all(Array.from({ length: BURST }, (_, i) => publicCall(i, path, body)));

// Requests go to each node directly: every node up first, whichever files ran before.
beforeAll(everyNodeUp, 300_000);

describe(`${BURST} code requests at once for one destination, over every node and nginx`, () => {
  // A new number: +44 7700 9xxxxx is reserved for drama, so no real phone gets the message.
  const mobile = `+4477009${String(randomInt(0, 100_000)).padStart(5, '0')}`;
  const email = `race-${randomUUID().slice(0, 8)}@example.com`;

  it('sign-up by SMS: one SMS to the number, every other request told to wait', async () => {
    const results = await burst(OnboardingPath.captchaSms, { purpose: 'signup', channel: 'sms', target: mobile });
    const { sent, refusals } = tally(results);
    const sms = outbox('sms', mobile);
    console.log(`code sends: ${BURST} sign-up code requests for one number, ${sent} sent, ${sms.length} SMS in the outbox`);
    expect(sent).toBe(1);
    for (const msg of refusals) expect(msg).toMatch(EN_TOO_SOON);
    expect(sms).toHaveLength(1);
  });

  it('sign-in by email code: one mail to the address, every other request told to wait', async () => {
    // A person of its own with a verified email: signed up with the code the number just got, and the
    // link of the verification mail followed.
    const code = /\b(\d{6})\b/.exec(outbox('sms', mobile)[0] ?? '')?.[1];
    expect(code).toBeDefined();
    const password = 'Lantern#2026';
    const signedUp = await publicCall(BURST - 1, OnboardingPath.signUp, {
      email,
      mobile,
      smsCode: code,
      password,
      confirmPassword: password,
    });
    expect(signedUp.body.code, signedUp.body.msg).toBe(0);
    const mails = outbox('mail', email);
    expect(mails).toHaveLength(1);
    const shown = ops(['mail:show', /^#(\d+)/.exec(mails[0]!)?.[1] ?? '']);
    const token = /\/verifyEmail\?token=([^\s&"]+)/.exec(shown)?.[1];
    expect(token).toBeDefined();
    const verified = await publicCall(BURST - 1, OnboardingPath.verifyEmail, { token: decodeURIComponent(token!) });
    expect(verified.body.code, verified.body.msg).toBe(0);

    const results = await burst(OnboardingPath.captchaSms, { purpose: 'signIn', channel: 'email', target: email });
    const { sent, refusals } = tally(results);
    const after = outbox('mail', email);
    console.log(
      `code sends: ${BURST} sign-in code requests for one email, ${sent} sent, ${after.length - 1} code mails in the outbox beside the verification mail`,
    );
    expect(sent).toBe(1);
    for (const msg of refusals) expect(msg).toMatch(EN_TOO_SOON);
    expect(after).toHaveLength(2);
  });
});
