import { describe, expect, it } from 'vitest';
import { ApiPath } from '@mbo/shared/api-paths';
import { LANGUAGES } from '@mbo/shared/i18n';
import type { TListPage } from '@mbo/shared/list';
import { OperationLogPath, type TOperationLog } from '@mbo/shared/operation-log';
import { RolePath } from '@mbo/shared/system-roles';
import { createAdmin, createGateway, createMerchant, createPerson, createRole } from '../../../test/factories';
import { call, testAppForFile, signIn, signInBySso } from '../../../test/helpers';
import { opsHarness } from '../../../test/ops-harness';
import { isMessageKey, translate } from '../../platform/i18n';
import type { MessageKey } from '../../platform/messages';
import { recordJobOperation } from '../../platform/operation-log';
import { DAY_MS, dateInZone } from '../../platform/time';

/*
 * The operation log (issue 10), on SQLite and PostgreSQL: every write route of the server is named and
 * recorded without its handler doing anything, with its result and the object it touched; code that
 * knows more adds to the same entry; operator commands are recorded as the operator; the database
 * refuses to change an entry or to delete one younger than 12 months.
 */

const t = testAppForFile();

async function business() {
  const m = await createMerchant(t.db);
  const g = await createGateway(t.db, m);
  const owner = await createAdmin(t.db, m, { isOwner: true, personId: (await createPerson(t.db)).id, loginName: `owner${m.id}` });
  return { m, g, owner, token: await signIn(t.app, owner) };
}

function today(): string {
  return dateInZone(t.clock.now(), 'Asia/Shanghai');
}

async function entries(token: string, query: Record<string, string> = {}) {
  const res = await call<TListPage<TOperationLog>>(t.app, OperationLogPath.list, {
    token,
    lang: 'en_US',
    query: { from: today(), to: today(), ...query },
  });
  expect(res.body.code).toBe(0);
  return res.body.data;
}

/** Today's entries as a CSV file in English: the answer and its lines, the header first. */
async function exportToday(token: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/v3api${OperationLogPath.export}`,
    headers: { 'x-auth-token': token, lang: 'en_US' },
    payload: { from: today(), to: today(), format: 'csv' },
  });
  expect(res.statusCode).toBe(200);
  return {
    res,
    lines: res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/),
  };
}

/** A scheduled job's entry for the merchant. */
function reminderJob(merchantId: number) {
  return recordJobOperation(t.db, {
    merchantId,
    module: 'transaction',
    operation: 'deadlineReminder',
    type: 'add',
    content: 'cases=2',
    now: t.clock.now(),
  });
}

describe('every write route is recorded', () => {
  it('names each write route of the server with a module of the catalog and a label in the three languages', () => {
    const missing: string[] = [];
    for (const op of t.app.operationRoutes.values()) {
      if (op.guessedModule) missing.push(`${op.method} ${op.url}: module worked out from nothing`);
      const key = `opAction.${op.action}`;
      if (!isMessageKey(key)) missing.push(`${op.method} ${op.url}: no label ${key}`);
      else for (const lang of LANGUAGES) if (!translate(lang, key).trim()) missing.push(`${op.method} ${op.url}: empty ${lang} label`);
    }
    expect(missing).toEqual([]);
    expect(t.app.operationRoutes.size).toBeGreaterThan(40);
  });

  it('records who, from where, what, on which object and with what result, successes and failures alike', async () => {
    const b = await business();
    const body = {
      name: 'Night shift',
      nameCn: '夜班',
      nameEn: 'Night shift',
      description: '',
      permissions: ['/refundment/forwardRefundmentList'],
    };
    const added = await call<{ roleId: number }>(t.app, RolePath.add, { token: b.token, body, ip: '203.0.113.7' });
    await call(t.app, RolePath.add, { token: b.token, body: { ...body, name: 'NIGHT SHIFT' }, ip: '203.0.113.7' });

    const page = await entries(b.token, { module: 'system' });
    const [failed, ok] = page.list;
    expect(ok).toMatchObject({
      operator: b.owner.loginName,
      actor: 'admin',
      ip: '203.0.113.7',
      module: 'system',
      type: 'add',
      operation: 'role.add',
      operationLabel: 'Add a role',
      target: `roleId=${added.body.data.roleId}`,
      success: true,
      failure: '',
    });
    expect(ok?.content).toBe('name=Night shift permissions=1');
    expect(failed).toMatchObject({ operation: 'role.add', success: false, failure: 'Role name already exists' });

    expect((await entries(b.token, { type: 'signIn' })).list.map((e) => e.operation)).toEqual(['login']);
    expect((await entries(b.token, { operator: b.owner.loginName.toUpperCase().slice(0, 6) })).total).toBe(page.total + 1);
    expect((await entries(b.token, { operator: 'nobody' })).total).toBe(0);
    // Another business sees none of it.
    const other = await business();
    expect((await entries(other.token, { module: 'system' })).total).toBe(0);
  });

  it("folds what the sign-in code writes into the route's entry, and marks a system administrator's session", async () => {
    const b = await business();
    const login = (await entries(b.token)).list.find((e) => e.type === 'signIn');
    expect(login).toMatchObject({ operation: 'login', operationLabel: 'Sign in', module: 'auth', success: true });
    const rows = await t.db.selectFrom('operation_logs').select(['operation', 'action']).where('merchant_id', '=', b.m.id).execute();
    expect(rows).toEqual([{ operation: 'login', action: 'admin.login' }]);

    const token = await signInBySso(t, b.owner);
    await call(t.app, ApiPath.logout, { method: 'POST', token });
    const out = (await entries(b.token, { type: 'signOut' })).list[0];
    expect(out).toMatchObject({ actor: 'sysAdmin', operation: 'logout', operator: b.owner.loginName });
  });

  it('exports the filtered entries, and the export is itself recorded', async () => {
    const b = await business();
    const { res, lines } = await exportToday(b.token);
    expect(res.headers['content-disposition']).toContain(`operation-log_${today()}_${today()}.csv`);
    expect(lines[0]).toBe('Time,Operator,Acting as,IP address,Module,Operation type,Operation,Content,Object,Result,Failure reason');
    // The export's own entry is written as the file starts, so it may be in the file too.
    expect(lines.slice(1).some((l) => l.includes(`,${b.owner.loginName},Administrator,127.0.0.1,Sign-in,Sign in,Sign in,,,Success,`))).toBe(
      true,
    );
    expect((await entries(b.token, { type: 'export' })).list[0]).toMatchObject({ operation: 'log.operateLog.export', success: true });
  });

  it("exports each entry as the list answers it: one line a row, every column in the reader's language", async () => {
    const b = await business();
    const body = { name: 'Desk', nameCn: '前台', nameEn: 'Desk', description: '', permissions: ['/refundment/forwardRefundmentList'] };
    await call(t.app, RolePath.add, { token: b.token, body, ip: '203.0.113.9' });
    await call(t.app, RolePath.add, { token: b.token, body: { ...body, name: 'DESK' }, ip: '203.0.113.9' });
    await reminderJob(b.m.id);
    const list = await entries(b.token, { limit: '50' });
    expect(list.nextCursor).toBeNull();
    // The export's own entry is written as the file starts: the file may hold it above the listed rows.
    const lines = (await exportToday(b.token)).lines.slice(1).slice(-list.total);
    const en = (key: string) => translate('en', key as MessageKey);
    // Asia/Shanghai keeps UTC+8 all year.
    const wall = (iso: string) => new Date(Date.parse(iso) + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
    expect(lines.map((l) => l.split(','))).toEqual(
      list.list.map((r) => [
        wall(r.createdAt),
        r.operator,
        en(`opActor.${r.actor}`),
        r.ip,
        en(`opModule.${r.module}`),
        en(`opType.${r.type}`),
        r.operationLabel,
        r.content,
        r.target,
        en(r.success ? 'opLogResult.1' : 'opLogResult.0'),
        r.failure,
      ]),
    );
    expect(list.list.map((r) => r.success)).toContain(false);
    expect(list.list.map((r) => r.actor)).toContain('system');
  });

  it('records operator commands as the operator, for the merchant they touch; read-only commands are not recorded', async () => {
    const b = await business();
    const harness = opsHarness(t);
    const role = await createRole(t.db, b.m, { name: 'desk', permissions: ['/refundment/forwardRefundmentList'] });
    expect(role.id).toBeGreaterThan(0);
    const made = await harness.ops(
      'admin:create',
      '--merchant',
      b.m.merchantNo,
      '--login',
      'night.desk',
      '--password',
      'Night#2026',
      '--role',
      'desk',
    );
    expect(made.code).toBe(0);
    expect((await harness.ops('session:list', '--merchant', b.m.merchantNo)).code).toBe(0);
    const ops = (await entries(b.token)).list.filter((e) => e.actor === 'operator');
    expect(ops).toHaveLength(1);
    expect(ops[0]).toMatchObject({ operationLabel: 'Operator command admin:create', success: true, ip: '' });
    expect(ops[0]?.operator).toMatch(/^ops/);

    await reminderJob(b.m.id);
    const job = (await entries(b.token)).list.find((e) => e.actor === 'system');
    expect(job).toMatchObject({
      operator: 'system',
      operationLabel: 'Scheduled job deadlineReminder',
      content: 'cases=2',
      module: 'transaction',
    });
  });
});

describe('entries cannot be changed or deleted', () => {
  it('the database refuses an update, and a delete of an entry younger than 12 months; older ones may be purged', async () => {
    const b = await business();
    const entry = await t.db.selectFrom('operation_logs').select('id').where('merchant_id', '=', b.m.id).executeTakeFirstOrThrow();
    await expect(t.db.updateTable('operation_logs').set({ content: 'forged' }).where('id', '=', entry.id).execute()).rejects.toThrow(
      /cannot be changed/,
    );
    await expect(t.db.deleteFrom('operation_logs').where('id', '=', entry.id).execute()).rejects.toThrow(/kept at least 12 months/);
    await expect(t.db.updateTable('operation_logs').set({ result: 0 }).where('merchant_id', '=', b.m.id).execute()).rejects.toThrow();
    expect((await t.db.selectFrom('operation_logs').select('content').where('id', '=', entry.id).executeTakeFirstOrThrow()).content).toBe(
      '',
    );

    const old = await t.db
      .insertInto('operation_logs')
      .values({
        merchant_id: b.m.id,
        admin_id: b.owner.id,
        sys_admin: 0,
        module: 'system',
        operation: 'old',
        content: '',
        ip: '',
        created_at: Date.now() - 400 * DAY_MS,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const harness = opsHarness(t);
    expect((await harness.ops('oplog:purge', '--months', '6')).code).toBe(2);
    const purged = await harness.ops('oplog:purge', '--months', '12');
    expect(purged.code).toBe(0);
    expect(await t.db.selectFrom('operation_logs').select('id').where('id', '=', old.id).executeTakeFirst()).toBeUndefined();
    expect(await t.db.selectFrom('operation_logs').select('id').where('id', '=', entry.id).executeTakeFirst()).toBeDefined();
  });

  it('offers no route that changes or deletes an entry: the log has a list, an export and its chain check, nothing else', () => {
    const logRoutes = t.app.apiRoutes.filter((r) => r.url.includes('/log/operate') && r.method !== 'HEAD');
    expect(logRoutes.map((r) => `${String(r.method)} ${r.url}`).sort()).toEqual(
      [`GET /v3api${OperationLogPath.list}`, `POST /v3api${OperationLogPath.export}`, `GET /v3api${OperationLogPath.chain}`].sort(),
    );
    // No write route anywhere is about the log except its export.
    const writes = [...t.app.operationRoutes.values()].filter((op) => /\/log\//.test(op.url) && op.action !== 'log.operateLog.export');
    expect(writes.map((op) => op.url)).toEqual([]);
  });
});
