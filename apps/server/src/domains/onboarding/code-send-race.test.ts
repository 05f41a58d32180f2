import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@mbo/shared/envelope';
import { CODE_RESEND_SECONDS } from '@mbo/shared/onboarding';
import { OnboardingPath } from '@mbo/shared/onboarding-paths';
import { createPerson } from '../../../test/factories';
import { call, testAppForFile, type ApiResponse } from '../../../test/helpers';
import { nextIp, uniqueMobile } from '../../../test/onboarding';
import { CODES_PER_DESTINATION_PER_HOUR, CODES_PER_IP_PER_HOUR } from '../../platform/codes';

/*
 * The send limits of verification codes and one-time links hold under concurrent requests, on one
 * node as on several: the limit is checked and the send recorded in one transaction serialised per
 * address (and per client address), and the message goes out only after that record is committed,
 * for the request that won. A burst of requests for one number used to send a message for each.
 * On SQLite and PostgreSQL.
 */

const t = testAppForFile();

const BURST = 30;
const EN_TOO_SOON = `Please wait ${CODE_RESEND_SECONDS} seconds before requesting another code`;
const EN_TOO_MANY_HERE = 'Too many codes were requested for this address, please try again later';
const EN_TOO_MANY_FROM_IP = 'Too many requests, please try again later';

const captcha = (purpose: 'signup' | 'signIn', channel: 'sms' | 'email', target: string, ip = nextIp()) =>
  call(t.app, OnboardingPath.captchaSms, { ip, lang: 'en_US', body: { purpose, channel, target } });

async function smsTo(to: string): Promise<number> {
  const rows = await t.db.selectFrom('sms_outbox').select('id').where('to_number', '=', to).execute();
  return rows.length;
}
async function mailsTo(to: string): Promise<number> {
  const rows = await t.db.selectFrom('mail_outbox').select('id').where('to_addr', '=', to).execute();
  return rows.length;
}

/** The answers that went through, and the refusals' messages (every refusal is a translated rate-limit error). */
function tally(results: ApiResponse[]): { sent: number; refusals: string[] } {
  for (const r of results) expect(r.status).toBe(200);
  const refused = results.filter((r) => r.body.code !== 0);
  for (const r of refused) expect(r.body.code).toBe(ErrorCode.tooMany);
  return { sent: results.length - refused.length, refusals: refused.map((r) => r.body.msg) };
}

describe(`${BURST} code requests at once for one address`, () => {
  it('sign-up by SMS: one message is sent, the others are told to wait', async () => {
    const mobile = uniqueMobile();
    const results = await Promise.all(Array.from({ length: BURST }, () => captcha('signup', 'sms', mobile)));
    const { sent, refusals } = tally(results);
    expect(sent).toBe(1);
    expect(new Set(refusals)).toEqual(new Set([EN_TOO_SOON]));
    expect(await smsTo(mobile)).toBe(1);
  });

  it('sign-in by email code: one mail is sent, the others are told to wait', async () => {
    const person = await createPerson(t.db);
    const results = await Promise.all(Array.from({ length: BURST }, () => captcha('signIn', 'email', person.email)));
    const { sent, refusals } = tally(results);
    expect(sent).toBe(1);
    expect(new Set(refusals)).toEqual(new Set([EN_TOO_SOON]));
    expect(await mailsTo(person.email)).toBe(1);
  });

  it(`the hourly limit of ${CODES_PER_DESTINATION_PER_HOUR} per number holds across purposes sent at once`, async () => {
    const person = await createPerson(t.db);
    const { mobile } = await t.db.selectFrom('persons').select('mobile').where('id', '=', person.id).executeTakeFirstOrThrow();
    // One short of the limit, a resend interval apart.
    for (let i = 0; i < CODES_PER_DESTINATION_PER_HOUR - 1; i += 1) {
      expect((await captcha('signIn', 'sms', mobile)).body.code).toBe(0);
      t.clock.advance((CODE_RESEND_SECONDS + 1) * 1000);
    }
    // Three purposes, each with its own resend interval: only the hourly count can stop them.
    const reset = () => call(t.app, OnboardingPath.resetPwdSendSms, { ip: nextIp(), lang: 'en_US', body: { mobile } });
    const results = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        i % 3 === 0 ? captcha('signIn', 'sms', mobile) : i % 3 === 1 ? reset() : captcha('signup', 'sms', mobile),
      ),
    );
    const { sent, refusals } = tally(results);
    expect(sent).toBe(1);
    expect(refusals).toContain(EN_TOO_MANY_HERE);
    expect(await smsTo(mobile)).toBe(CODES_PER_DESTINATION_PER_HOUR);
  });

  it(`one client address gets at most ${CODES_PER_IP_PER_HOUR} codes an hour, asked for many numbers at once`, async () => {
    const ip = nextIp();
    const mobiles = Array.from({ length: CODES_PER_IP_PER_HOUR + 10 }, () => uniqueMobile());
    const results = await Promise.all(mobiles.map((m) => captcha('signup', 'sms', m, ip)));
    const { sent, refusals } = tally(results);
    expect(sent).toBe(CODES_PER_IP_PER_HOUR);
    expect(new Set(refusals)).toEqual(new Set([EN_TOO_MANY_FROM_IP]));
    let messages = 0;
    for (const m of mobiles) messages += await smsTo(m);
    expect(messages).toBe(CODES_PER_IP_PER_HOUR);
  });
});

describe(`${BURST} link requests at once for one address`, () => {
  it('password reset by email: one mail', async () => {
    const person = await createPerson(t.db);
    const results = await Promise.all(
      Array.from({ length: BURST }, () =>
        call(t.app, OnboardingPath.resetPwdSendEmail, { ip: nextIp(), lang: 'en_US', body: { email: person.email } }),
      ),
    );
    expect(results.every((r) => r.body.code === 0)).toBe(true);
    expect(await mailsTo(person.email)).toBe(1);
  });

  it('the verification mail sent again: one mail', async () => {
    const person = await createPerson(t.db);
    await t.db.updateTable('persons').set({ email_verified: 0 }).where('id', '=', person.id).execute();
    const results = await Promise.all(
      Array.from({ length: BURST }, () =>
        call(t.app, OnboardingPath.resendVerifyEmail, { ip: nextIp(), lang: 'en_US', body: { email: person.email } }),
      ),
    );
    expect(results.every((r) => r.body.code === 0)).toBe(true);
    expect(await mailsTo(person.email)).toBe(1);
  });
});
