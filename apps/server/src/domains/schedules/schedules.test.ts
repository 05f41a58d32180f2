import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminStatus } from '@mbo/shared/merchants';
import { ReportSchedulePath, type TReportSchedule, type TReportScheduleDetail, type TScheduleRun } from '@mbo/shared/report-schedules';
import { NotificationPath, type TNotificationList } from '@mbo/shared/notifications';
import { PayStatus } from '@mbo/shared/trade-enums';
import { TRANSACTION_VIEW_DEFS } from '@mbo/shared/transactions';
import { call, createTestApp, sessionTokenFor, type TestContext } from '../../../test/helpers';
import { createTransaction } from '../../../test/trade-factories';
import { opsHarness } from '../../../test/ops-harness';
import { createAdmin, createGateway, createMerchant, createRole, type AdminRow } from '../../../test/factories';
import { runDueSchedules } from './runner';

/*
 * Scheduled reports through the API and the job, on SQLite and PostgreSQL: a schedule made from the
 * transaction list with a filter sends, when due, a mail whose file holds that list's rows of the
 * period; catch-up sends once; a disabled owner or a lost permission stops it; a large file goes as a
 * signed link that refuses a changed signature and an expired one; another merchant sees nothing.
 */

const FORMAL = TRANSACTION_VIEW_DEFS.formal;
// Sunday 29 November 2026, 12:00 in Shanghai.
const START = Date.UTC(2026, 10, 29, 4, 0);
// The first run: Monday 30 November, 08:00 in Shanghai.
const FIRST_SLOT = Date.UTC(2026, 10, 30, 0, 0);
const HOUR = 3_600_000;

let t: TestContext;
let merchant: AdminRow['merchant'];
let gateway: Awaited<ReturnType<typeof createGateway>>;
let owner: AdminRow;
let ownerToken: string;
const inPeriod: string[] = [];
const outside: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(START);
  merchant = await createMerchant(t.db);
  gateway = await createGateway(t.db, merchant);
  owner = await createAdmin(t.db, merchant, { isOwner: true });
  ownerToken = await tokenFor(owner);
  // 29 November in Shanghai: two successful payments (in the file) and a failed one (filtered out);
  // 28 November: a successful one outside the period.
  for (const hours of [-2, -1])
    inPeriod.push((await createTransaction(t.db, merchant, gateway, { created_at: START + hours * HOUR })).tradeNo);
  outside.push((await createTransaction(t.db, merchant, gateway, { created_at: START - 3 * HOUR, pay_status: PayStatus.failed })).tradeNo);
  outside.push((await createTransaction(t.db, merchant, gateway, { created_at: START - 24 * HOUR })).tradeNo);
}, 60_000);
afterAll(() => t.close());

/** Moves the clock; the owner signs in again (a session ends after its idle time, and the clock jumps days). */
async function at(ms: number): Promise<void> {
  t.clock.set(ms);
  ownerToken = await tokenFor(owner);
}

/** A session of the admin opened now (signing in again and again would meet the sign-in attempt limit). */
function tokenFor(admin: AdminRow): Promise<string> {
  return sessionTokenFor(t.db, admin, t.clock.now());
}

type ScheduleBody = Record<string, unknown>;
const scheduleBody = (o: ScheduleBody = {}): ScheduleBody => ({
  name: 'Daily payments',
  exportPath: FORMAL.export,
  screen: FORMAL.menu,
  filters: { from: '2026-11-01', to: '2026-11-29', payStatus: String(PayStatus.success) },
  frequency: 'daily',
  time: '08:00',
  timezone: 'Asia/Shanghai',
  recipients: ['finance@example.test', 'boss@example.test'],
  format: 'csv',
  ...o,
});

async function createSchedule(token: string, o: ScheduleBody = {}): Promise<number> {
  const res = await call<{ id: number }>(t.app, ReportSchedulePath.create, { token, body: scheduleBody(o), lang: 'en_US' });
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 0 });
  return res.body.data.id;
}

const detail = async (id: number, token = ownerToken) =>
  (await call<TReportScheduleDetail>(t.app, ReportSchedulePath.detail, { token, query: { id: String(id) }, lang: 'en_US' })).body;

type OutboxMail = { to_addr: string; subject: string; text_body: string; attachments: string | null };
async function mailsSince(id: number): Promise<OutboxMail[]> {
  return t.db
    .selectFrom('mail_outbox')
    .select(['to_addr', 'subject', 'text_body', 'attachments'])
    .where('id', '>', id)
    .orderBy('id')
    .execute();
}
async function lastMailId(): Promise<number> {
  const row = await t.db
    .selectFrom('mail_outbox')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

async function deleteSchedule(id: number): Promise<void> {
  expect((await call(t.app, ReportSchedulePath.delete, { token: ownerToken, body: { id } })).body.code).toBe(0);
}

describe('scheduled reports', () => {
  it('sends, when due, the list with its filter for the day before as an attached CSV, once', async () => {
    const id = await createSchedule(ownerToken);
    const made = await detail(id);
    expect(made.data.schedule).toMatchObject({ status: 'active', nextRunAt: new Date(FIRST_SLOT).toISOString(), mine: true });
    // Not due yet: nothing is sent.
    expect(await runDueSchedules(t.app)).toBe(0);

    const before = await lastMailId();
    await at(FIRST_SLOT + 30_000);
    expect(await runDueSchedules(t.app)).toBe(1);
    expect(await runDueSchedules(t.app)).toBe(0);
    const mails = await mailsSince(before);
    expect(mails.map((m) => m.to_addr).sort()).toEqual(['boss@example.test', 'finance@example.test']);
    expect(mails[0]!.subject).toContain('Daily payments');
    expect(mails[0]!.subject).toContain('2026-11-29');
    const [attachment] = JSON.parse(mails[0]!.attachments!) as { filename: string; storageName: string; size: number }[];
    expect(attachment!.filename).toBe('transactions_2026-11-29_2026-11-29.csv');
    const file = (await t.app.files.get(t.db, attachment!.storageName))!.toString('utf8');
    for (const tradeNo of inPeriod) expect(file).toContain(tradeNo);
    for (const tradeNo of outside) expect(file).not.toContain(tradeNo);
    expect(file.trim().split('\r\n')).toHaveLength(1 + inPeriod.length);

    const after = await detail(id);
    expect(after.data.runs).toHaveLength(1);
    expect(after.data.runs[0]).toMatchObject({ status: 'sent', delivery: 'attached', hasFile: true, error: '' });
    expect(after.data.schedule.nextRunAt).toBe(new Date(FIRST_SLOT + 24 * HOUR).toISOString());
    // The file again, from the schedule's page.
    const again = await t.app.inject({
      method: 'POST',
      url: `/v3api${ReportSchedulePath.runFile}`,
      headers: { 'x-auth-token': ownerToken },
      payload: { id: after.data.runs[0]!.id },
    });
    expect(again.body).toBe(file);
    await deleteSchedule(id);
  });

  it('catches up after downtime with one run, not one per missed slot, and two runners at once send it once', async () => {
    await at(START);
    const id = await createSchedule(ownerToken, { recipients: ['catchup@example.test'] });
    const before = await lastMailId();
    // Four days down: four slots missed.
    await at(FIRST_SLOT + 3 * 24 * HOUR + 5 * HOUR);
    const made = await Promise.all([runDueSchedules(t.app), runDueSchedules(t.app), runDueSchedules(t.app)]);
    expect(made.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await mailsSince(before)).toHaveLength(1);
    const d = await detail(id);
    expect(d.data.runs).toHaveLength(1);
    // The run is for the latest missed slot; the next is the first after now.
    expect(d.data.runs[0]!.dueAt).toBe(new Date(FIRST_SLOT + 3 * 24 * HOUR).toISOString());
    expect(d.data.schedule.nextRunAt).toBe(new Date(FIRST_SLOT + 4 * 24 * HOUR).toISOString());
    // The same due time cannot get a second run, whoever asks.
    const again = await t.db
      .insertInto('report_schedule_runs')
      .values({
        schedule_id: id,
        merchant_id: merchant.id,
        due_at: FIRST_SLOT + 3 * 24 * HOUR,
        status: 'running',
        started_at: t.clock.now(),
      })
      .onConflict((oc) => oc.columns(['schedule_id', 'due_at']).doNothing())
      .returning('id')
      .executeTakeFirst();
    expect(again).toBeUndefined();
    await deleteSchedule(id);
  });

  it('stops when its owner is disabled or loses the export permission, and says why', async () => {
    await at(START);
    const permissions = [FORMAL.menu, FORMAL.download, '/reportSchedule/showSchedules', 'ReportSchedule:Edit'];
    const role = await createRole(t.db, merchant, { permissions });
    const member = await createAdmin(t.db, merchant, { roleId: role.id });
    const lost = await createSchedule(await tokenFor(member));
    const leaver = await createAdmin(t.db, merchant, { roleId: (await createRole(t.db, merchant, { permissions })).id });
    const disabled = await createSchedule(await tokenFor(leaver), { name: 'Second' });

    await t.db.deleteFrom('role_permissions').where('role_id', '=', role.id).where('permission', '=', FORMAL.download).execute();
    await t.db.updateTable('admins').set({ status: AdminStatus.disabled }).where('id', '=', leaver.id).execute();
    await at(FIRST_SLOT + 60_000);
    const before = await lastMailId();
    expect(await runDueSchedules(t.app)).toBe(2);
    const stopped = (await detail(lost)).data;
    expect(stopped.schedule).toMatchObject({
      status: 'stopped',
      stopReason: 'The owner may no longer export this list: the scheduled report stopped',
    });
    expect(stopped.runs[0]).toMatchObject({
      status: 'failed',
      error: 'The owner may no longer export this list: the scheduled report stopped',
    });
    const off = (await detail(disabled)).data;
    expect(off.schedule).toMatchObject({ status: 'stopped', nextRunAt: '' });
    expect(off.runs[0]!.error).toBe("The owner's account is disabled or deleted: the scheduled report stopped");
    // No report goes out. The owner who may still sign in is told, in the bell and by mail (issue 50 §5,
    // notifications/README.md: a failed run tells its owner); the disabled one is not.
    const told = await mailsSince(before);
    expect(told.map((m) => [m.to_addr, m.subject])).toEqual([[`${member.loginName}@example.test`, '定时报表失败']]);
    const bell = await call<TNotificationList>(t.app, NotificationPath.list, { token: await tokenFor(member), lang: 'en_US' });
    expect(bell.body.data.items.map((i) => [i.title, i.text])).toEqual([
      [
        'Scheduled report failed',
        'A run of the scheduled report "Daily payments" failed: The owner may no longer export this list: the scheduled report stopped',
      ],
    ]);
    // Stopped schedules are not due any more.
    await at(FIRST_SLOT + 5 * 24 * HOUR);
    expect(await runDueSchedules(t.app)).toBe(0);
  });

  it('sends a large file as a signed link that refuses a changed signature and an expired one', async () => {
    await at(START);
    const id = await createSchedule(ownerToken, { recipients: ['big@example.test'], format: 'xlsx' });
    t.config.reportAttachMaxMb = 0;
    try {
      const before = await lastMailId();
      const run = await call<TScheduleRun>(t.app, ReportSchedulePath.runNow, { token: ownerToken, body: { id }, lang: 'en_US' });
      expect(run.body.data).toMatchObject({ status: 'sent', delivery: 'link', manual: true });
      const [mail] = await mailsSince(before);
      expect(mail!.attachments).toBeNull();
      const link = /https?:\/\/\S+\/v3api\/reportSchedule\/file\?\S+/.exec(mail!.text_body)![0];
      const url = new URL(link);
      const path = `${url.pathname}${url.search}`;
      const ok = await t.app.inject({ method: 'GET', url: path });
      expect(ok.headers['content-type']).toContain('spreadsheetml');
      expect(ok.rawPayload.subarray(0, 2).toString()).toBe('PK');

      const sig = url.searchParams.get('s')!;
      const changed = new URL(link);
      changed.searchParams.set('s', `${sig[0] === 'a' ? 'b' : 'a'}${sig.slice(1)}`);
      const refused = await t.app.inject({ method: 'GET', url: `${changed.pathname}${changed.search}` });
      expect(refused.json()).toMatchObject({ code: 403 });
      const longer = new URL(link);
      longer.searchParams.set('e', String(Number(url.searchParams.get('e')) + 86_400_000));
      expect((await t.app.inject({ method: 'GET', url: `${longer.pathname}${longer.search}` })).json()).toMatchObject({ code: 403 });

      await at(t.clock.now() + 8 * 24 * HOUR);
      const expired = await t.app.inject({ method: 'GET', url: path, headers: { lang: 'en_US' } });
      expect(expired.json()).toMatchObject({ code: 1002, msg: 'This download link has expired (links are valid for 7 days)' });
    } finally {
      t.config.reportAttachMaxMb = 5;
      await deleteSchedule(id);
    }
  });

  it("another merchant's administrator can neither see, run, change nor download a schedule; a colleague only sees it", async () => {
    await at(START);
    const id = await createSchedule(ownerToken);
    const other = await createMerchant(t.db);
    const otherToken = await tokenFor(await createAdmin(t.db, other, { isOwner: true }));
    const list = await call<{ list: TReportSchedule[] }>(t.app, ReportSchedulePath.list, { token: otherToken });
    expect(list.body.data.list).toEqual([]);
    expect((await detail(id, otherToken)).code).not.toBe(0);
    for (const path of [ReportSchedulePath.runNow, ReportSchedulePath.delete])
      expect((await call(t.app, path, { token: otherToken, body: { id } })).body.code).not.toBe(0);
    const run = (await call<TScheduleRun>(t.app, ReportSchedulePath.runNow, { token: ownerToken, body: { id } })).body.data;
    const file = await t.app.inject({
      method: 'POST',
      url: `/v3api${ReportSchedulePath.runFile}`,
      headers: { 'x-auth-token': otherToken },
      payload: { id: run.id },
    });
    expect(file.json()).toMatchObject({ code: 1002 });

    const colleague = await tokenFor(await createAdmin(t.db, merchant));
    const seen = (await call<{ list: TReportSchedule[] }>(t.app, ReportSchedulePath.list, { token: colleague })).body.data.list;
    expect(seen.find((s) => s.id === id)).toMatchObject({ mine: false, ownerLoginName: owner.loginName });
    expect((await call(t.app, ReportSchedulePath.runNow, { token: colleague, body: { id } })).body.code).toBe(403);
    expect((await detail(id, colleague)).data.runs[0]!.hasFile).toBe(false);
    await deleteSchedule(id);
  });

  it('is sent by the operator command as by the job, once', async () => {
    await at(START);
    const id = await createSchedule(ownerToken, { recipients: ['ops@example.test'] });
    await at(FIRST_SLOT + 60_000);
    const { ops } = opsHarness(t);
    expect(await ops('schedules:run-due')).toMatchObject({ code: 0, out: '1 scheduled report run(s) made' });
    expect(await ops('schedules:run-due')).toMatchObject({ code: 0, out: '0 scheduled report run(s) made' });
    expect((await detail(id)).data.runs.map((r) => r.status)).toEqual(['sent']);
    await deleteSchedule(id);
  });

  it('refuses an export the caller may not make, a route that is not an export, and filters the export refuses', async () => {
    const role = await createRole(t.db, merchant, { permissions: [FORMAL.menu, '/reportSchedule/showSchedules', 'ReportSchedule:Edit'] });
    const token = await tokenFor(await createAdmin(t.db, merchant, { roleId: role.id }));
    expect((await call(t.app, ReportSchedulePath.create, { token, body: scheduleBody(), lang: 'en_US' })).body).toMatchObject({
      code: 403,
      msg: 'You may not export this list, so you cannot schedule it',
    });
    expect(
      (await call(t.app, ReportSchedulePath.create, { token: ownerToken, body: scheduleBody({ exportPath: FORMAL.list }) })).body.code,
    ).toBe(1002);
    const reversed = await call(t.app, ReportSchedulePath.create, {
      token: ownerToken,
      body: scheduleBody({ filters: { from: '2026-11-29', to: '2026-11-01' } }),
      lang: 'en_US',
    });
    expect(reversed.body.code).toBe(1001);
    expect(reversed.body.msg).toMatch(/^The filters are not valid/);
  });
});
