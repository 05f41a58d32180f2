import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@mbo/shared/envelope';
import { OnboardingPath } from '@mbo/shared/onboarding-paths';
import { call, createTestApp, type TestContext } from '../../test/helpers';
import { codeIn } from '../../test/mail-server';
import { nextIp, signUpPerson, uniqueMobile } from '../../test/onboarding';

describe('without SMTP_URL and SMS_HTTP_URL', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ config: { logLevel: 'info', appUrl: 'http://localhost:8080' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps every mail and SMS in the outbox tables and prints them to the log', async () => {
    const p = await signUpPerson(t, null, { verify: false, lang: 'en_US' });
    const mails = await t.db.selectFrom('mail_outbox').selectAll().where('to_addr', '=', p.email).execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      status: 'outbox',
      language: 'en',
      subject: 'Verify your Merchant back office email address',
      sent_at: null,
    });
    expect(mails[0]?.text_body).toMatch(/http:\/\/localhost:8080\/verifyEmail\?token=[A-Za-z0-9_-]{43}/);
    expect(mails[0]?.html_body).toContain('<a href="http://localhost:8080/verifyEmail?token=');
    const sms = await t.db.selectFrom('sms_outbox').selectAll().where('to_number', '=', p.mobile).execute();
    expect(sms[0]).toMatchObject({ status: 'outbox', provider: 'outbox' });
    const log = t.logs.join('\n');
    expect(log).toContain('Verify your Merchant back office email address');
    expect(log).toContain(codeIn(sms[0]?.text_body ?? ''));
  });
});

describe('with SMS_HTTP_URL', () => {
  let t: TestContext;
  let server: http.Server;
  const received: { auth: string | undefined; body: unknown }[] = [];
  let failNext = false;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let data = '';
      req.on('data', (c: Buffer) => (data += c.toString('utf8')));
      req.on('end', () => {
        received.push({ auth: req.headers.authorization, body: JSON.parse(data) as unknown });
        res.statusCode = failNext ? 503 : 200;
        failNext = false;
        res.end('{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const { port } = server.address() as AddressInfo;
    t = await createTestApp({ config: { smsHttpUrl: `http://127.0.0.1:${port}/sms`, smsHttpToken: 'sms-secret' } });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('POSTs {to, text} with the bearer token, and reports a gateway failure without using up the code', async () => {
    const mobile = uniqueMobile();
    const ip = nextIp();
    const res = await call(t.app, OnboardingPath.captchaSms, {
      ip,
      lang: 'en_US',
      body: { purpose: 'signup', channel: 'sms', target: mobile },
    });
    expect(res.body.code).toBe(0);
    expect(received[0]).toMatchObject({
      auth: 'Bearer sms-secret',
      body: { to: mobile, text: expect.stringMatching(/^\[Merchant back office\] \d{6} is your sign-up code/) },
    });
    const row = await t.db.selectFrom('sms_outbox').selectAll().where('to_number', '=', mobile).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'sent', provider: 'http' });

    const other = uniqueMobile();
    failNext = true;
    const failed = await call(t.app, OnboardingPath.captchaSms, {
      ip,
      lang: 'en_US',
      body: { purpose: 'signup', channel: 'sms', target: other },
    });
    expect(failed.body).toMatchObject({ code: ErrorCode.business, msg: 'The message could not be sent, please try again later' });
    expect((await t.db.selectFrom('sms_outbox').select('status').where('to_number', '=', other).executeTakeFirstOrThrow()).status).toBe(
      'failed',
    );
    // The failed send does not hold the 60-second resend back.
    expect(
      (await call(t.app, OnboardingPath.captchaSms, { ip, body: { purpose: 'signup', channel: 'sms', target: other } })).body.code,
    ).toBe(0);
  });
});
