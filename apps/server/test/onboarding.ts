import { ApiPath } from '@mbo/shared/api-paths';
import { OnboardingPath } from '@mbo/shared/onboarding-paths';
import type { TLangHeader } from '@mbo/shared/i18n';
import type { Db } from '../src/db/database';
import { insertBusiness, insertPerson } from '../src/domains/onboarding/repository';
import { cheapHash, DEFAULT_PASSWORD } from './factories';
import { forTestFile } from './for-test-file';
import { call, testAppForFile, type LoginData, type TestContext } from './helpers';
import { codeIn, linkIn, startMailServer, type MailServer } from './mail-server';

/*
 * Helpers for onboarding API tests: fresh addresses, codes read from the SMS outbox or from the
 * real mails the test SMTP server received, and a sign-up done the way a person does it.
 */

/**
 * A test file's local SMTP server and the app that mails it, with links to the web app's address: made
 * before the file's first test, stopped after its last.
 */
export function testAppWithMailForFile(): { t: TestContext; mail: MailServer } {
  const mail = forTestFile(startMailServer, (m) => m.close(), { url: true, messages: true, to: true, last: true, close: true });
  const t = testAppForFile(() => ({ config: { smtpUrl: mail.url, appUrl: 'https://merchant.example.test' } }));
  return { t, mail };
}

/** Asks for a sign-up or sign-in code by SMS from the client address `ip`. */
export function captchaSms(t: TestContext, body: object, ip: string, lang?: TLangHeader) {
  return call(t.app, OnboardingPath.captchaSms, { ip, body, ...(lang ? { lang } : {}) });
}

let seq = 0;
export function uniqueEmail(prefix = 'p'): string {
  seq += 1;
  return `${prefix}${seq}.${process.pid}@shop.example.com`;
}
export function uniqueMobile(): string {
  seq += 1;
  return `+4477009${String(seq).padStart(5, '0')}`;
}
/** A new client address, so per-address code limits of one test do not leak into another. */
export function nextIp(): string {
  seq += 1;
  return `10.${(seq >> 16) & 255}.${(seq >> 8) & 255}.${seq & 255}`;
}

export async function lastSms(db: Db, to: string): Promise<string> {
  const row = await db
    .selectFrom('sms_outbox')
    .select('text_body')
    .where('to_number', '=', to)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) throw new Error(`no SMS to ${to}`);
  return row.text_body;
}

export async function smsCode(db: Db, to: string): Promise<string> {
  return codeIn(await lastSms(db, to));
}

export type Registered = { email: string; mobile: string; password: string; login: LoginData; ip: string };

/** captchaSms -> code from the SMS outbox -> signUp; then, unless told not to, opens the verification link from the mail. */
export async function signUpPerson(
  t: TestContext,
  mail: MailServer | null,
  o: { lang?: TLangHeader; verify?: boolean; businessName?: string } = {},
): Promise<Registered> {
  const email = uniqueEmail();
  const mobile = uniqueMobile();
  const password = 'Lantern#2026';
  const ip = nextIp();
  const sent = await call(t.app, OnboardingPath.captchaSms, { ip, body: { purpose: 'signup', channel: 'sms', target: mobile } });
  if (sent.body.code !== 0) throw new Error(`captcha: ${JSON.stringify(sent.body)}`);
  const res = await call<LoginData>(t.app, OnboardingPath.signUp, {
    ip,
    ...(o.lang ? { lang: o.lang } : {}),
    body: { email, mobile, smsCode: await smsCode(t.db, mobile), password, confirmPassword: password, businessName: o.businessName },
  });
  if (res.body.code !== 0) throw new Error(`signUp: ${JSON.stringify(res.body)}`);
  if (o.verify !== false) {
    if (!mail) throw new Error('verifying the email needs the test mail server');
    const { token } = linkIn(mail.last(email), '/verifyEmail');
    const v = await call(t.app, OnboardingPath.verifyEmail, { ip, body: { token } });
    if (v.body.code !== 0) throw new Error(`verifyEmail: ${JSON.stringify(v.body)}`);
  }
  return { email, mobile, password, login: res.body.data, ip };
}

/** captchaSms for sign-in, then signIn with the code that arrived (mail or SMS). */
export async function signInWithCode(
  t: TestContext,
  mail: MailServer,
  channel: 'email' | 'sms',
  target: string,
  o: { ip?: string; businessId?: number } = {},
) {
  const ip = o.ip ?? nextIp();
  const sent = await call(t.app, OnboardingPath.captchaSms, { ip, body: { purpose: 'signIn', channel, target } });
  if (sent.body.code !== 0) return sent as typeof sent & { body: { data: LoginData } };
  const code = channel === 'email' ? codeIn(mail.last(target).text) : await smsCode(t.db, target);
  return call<LoginData>(t.app, OnboardingPath.signIn, {
    ip,
    body: { channel, target, code, ...(o.businessId ? { businessId: o.businessId } : {}) },
  });
}

/** A person owning a business that is not activated, signed in by merchant number; built directly (no mail). */
export async function createApplicant(t: TestContext) {
  const email = uniqueEmail('owner');
  const mobile = uniqueMobile();
  const now = t.clock.now();
  const { personId, business } = await t.db.transaction().execute(async (trx) => {
    const id = await insertPerson(trx, { email, mobile, name: 'Applicant', emailVerified: true, language: 'en', now });
    const b = await insertBusiness(trx, {
      personId: id,
      name: email,
      ownerName: 'Applicant',
      email,
      mobile,
      passwordHash: await cheapHash(DEFAULT_PASSWORD),
      now,
    });
    return { personId: id, business: b };
  });
  const res = await call<LoginData>(t.app, ApiPath.login, {
    body: { merchantNo: business.merchantNo, loginName: business.loginName, password: DEFAULT_PASSWORD },
  });
  if (res.body.code !== 0) throw new Error(`login: ${JSON.stringify(res.body)}`);
  return { personId, email, mobile, businessId: business.merchantId, merchantNo: business.merchantNo, token: res.body.data.token };
}
