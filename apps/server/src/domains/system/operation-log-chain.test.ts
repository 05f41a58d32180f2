import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@mbo/shared/envelope';
import { OperationLogPath, type TOperationLogChain } from '@mbo/shared/operation-log';
import { RiskPath } from '@mbo/shared/risk';
import { MerchantPath } from '@mbo/shared/system-merchant';
import { RolePath } from '@mbo/shared/system-roles';
import { createAdmin, createMerchant, createPerson, createRole } from '../../../test/factories';
import { call, signIn, testAppForFile } from '../../../test/helpers';
import { opsOf } from '../../../test/ops-harness';
import { recordJobOperation } from '../../platform/operation-log';
import { createSession } from '../../platform/session';
import { dateInZone } from '../../platform/time';

/*
 * The operation log that shows tampering (issue 50 §4), on SQLite and PostgreSQL: who acted and how
 * they signed in, the masked values before and after, refused calls, the per-merchant hash chain that
 * `oplog:verify` and the screen's badge check, and the JSON Lines export for a SIEM.
 */

const t = testAppForFile();
const ops = opsOf(t);

async function business() {
  const m = await createMerchant(t.db);
  const owner = await createAdmin(t.db, m, { isOwner: true, personId: (await createPerson(t.db)).id, loginName: `owner${m.id}` });
  return { m, owner, token: await signIn(t.app, owner) };
}

type Row = Awaited<ReturnType<typeof rowsOf>>[number];
function rowsOf(merchantId: number) {
  return t.db.selectFrom('operation_logs').selectAll().where('merchant_id', '=', merchantId).orderBy('id').execute();
}

function jobEntries(merchantId: number, n: number) {
  return Promise.all(
    Array.from({ length: n }, (_, i) =>
      recordJobOperation(t.db, { merchantId, module: 'system', operation: 'reminder', type: 'add', content: `n=${i}`, now: t.clock.now() }),
    ),
  );
}

async function chainOf(token: string) {
  const res = await call<TOperationLogChain>(t.app, OperationLogPath.chain, { token });
  expect(res.body.code).toBe(0);
  return res.body.data;
}

/** Runs `fn` with the table's own guards (no update, no delete younger than 12 months) lifted, as someone with database access would. */
async function behindTheServersBack(fn: () => Promise<unknown>) {
  if (t.dialect === 'postgres') {
    await sql`alter table operation_logs disable trigger operation_logs_guard`.execute(t.db);
    try {
      await fn();
    } finally {
      await sql`alter table operation_logs enable trigger operation_logs_guard`.execute(t.db);
    }
    return;
  }
  const triggers = (
    await sql<{
      name: string;
      sql: string;
    }>`select name, sql from sqlite_master where type = 'trigger' and tbl_name = 'operation_logs'`.execute(t.db)
  ).rows;
  for (const tr of triggers) await sql.raw(`drop trigger ${tr.name}`).execute(t.db);
  try {
    await fn();
  } finally {
    for (const tr of triggers) await sql.raw(tr.sql).execute(t.db);
  }
}

describe('each entry says who acted, how, and what changed', () => {
  it('records the actor kind and the sign-in method of administrators, SSO, operator commands and jobs', async () => {
    const b = await business();
    await call(t.app, RolePath.add, {
      token: b.token,
      body: { name: 'Clerks', nameCn: '职员', nameEn: 'Clerks', description: '', permissions: [] },
    });
    // A system administrator's session, as customer service's SSO ticket opens it.
    const ticket = { personId: null, sysAdmin: true, twoFaPassed: true, ip: '127.0.0.1', userAgent: 'test' } as const;
    const { token: sso } = await createSession(t.db, { ...ticket, adminId: b.owner.id, merchantId: b.m.id, now: t.clock.now() });
    await call(t.app, RolePath.add, {
      token: sso,
      body: { name: 'Nights', nameCn: '夜班', nameEn: 'Nights', description: '', permissions: [] },
    });
    await jobEntries(b.m.id, 1);
    expect((await ops('admin:unlock', '--merchant', b.m.merchantNo, '--login', b.owner.loginName)).code).toBe(0);

    const rows = await rowsOf(b.m.id);
    expect(rows.map((r) => [r.source, r.actor_kind])).toEqual([
      ['api', 'admin'],
      ['api', 'admin'],
      ['api', 'sso'],
      ['job', 'job'],
      ['ops', 'operator'],
    ]);
    // The sign-in's own entry is written before its session exists (rows[0]); every later one carries the session's method.
    expect(rows[1]?.auth_method).toBe('password');
    expect(rows[2]?.auth_method).not.toBe('');
    expect(rows.slice(3).map((r) => r.auth_method)).toEqual(['', '']);
  });

  it('records the values before and after a change, with secrets masked', async () => {
    const b = await business();
    const added = await call<{ roleId: number }>(t.app, RolePath.add, {
      token: b.token,
      body: { name: 'Day', nameCn: '日班', nameEn: 'Day', description: '', permissions: [] },
    });
    await call(t.app, RolePath.update, {
      token: b.token,
      body: {
        roleId: added.body.data.roleId,
        name: 'Day shift',
        nameCn: '日班',
        nameEn: 'Day shift',
        description: '',
        permissions: ['/refundment/forwardRefundmentList'],
      },
    });
    const revealed = await call<{ signKey: string }>(t.app, MerchantPath.revealSignKey, {
      token: b.token,
      body: { password: b.owner.password },
    });
    const key = revealed.body.data.signKey;
    await call(t.app, RiskPath.blacklistAdd, { token: b.token, body: { type: 'email', value: 'fraud@example.com', reason: 'fraud' } });
    // A whole card number where a BIN and last four belong: refused, and its entry keeps only the last four.
    await call(t.app, RiskPath.blacklistAdd, { token: b.token, body: { type: 'card', value: '4111 1111 1111 1111', reason: 'fraud' } });

    const rows = await rowsOf(b.m.id);
    const by = (action: string) => rows.find((r) => r.action === action) as Row;
    expect(JSON.parse(by('role.add').after_value)).toMatchObject({ name: 'Day', permissions: [] });
    expect(JSON.parse(by('role.update').before_value)).toEqual({
      name: 'Day',
      nameCn: '日班',
      nameEn: 'Day',
      description: '',
      permissions: [],
    });
    expect(JSON.parse(by('role.update').after_value)).toMatchObject({
      name: 'Day shift',
      permissions: ['/refundment/forwardRefundmentList'],
    });
    expect(JSON.parse(by('merchant.signKey.reveal').after_value)).toEqual({ signKey: '******' });
    expect(JSON.parse(by('blacklist.add').after_value)).toEqual({ type: 'email', value: 'fraud@example.com', reason: 'fraud' });
    expect(rows.filter((r) => r.action === 'blacklist.add').map((r) => r.target)).toEqual(['value=fraud@example.com', 'value=****1111']);
    const everything = JSON.stringify(rows);
    expect(everything).not.toContain(key);
    expect(everything).not.toContain('4111 1111 1111 1111');
    expect(everything).not.toContain(b.owner.password);
  });

  it('records refused calls: no permission (a read and a write), a limit, a wrong password on the sign-key reveal', async () => {
    const b = await business();
    const clerk = await createAdmin(t.db, b.m, { roleId: (await createRole(t.db, b.m, { permissions: [] })).id });
    const clerkToken = await signIn(t.app, clerk);
    const today = dateInZone(t.clock.now(), 'Asia/Shanghai');
    expect((await call(t.app, OperationLogPath.list, { token: clerkToken, query: { from: today, to: today } })).body.code).toBe(
      ErrorCode.forbidden,
    );
    const write = await call(t.app, RolePath.add, {
      token: clerkToken,
      body: { name: 'Mine', nameCn: '我的', nameEn: 'Mine', description: '', permissions: [] },
    });
    expect(write.body.code).toBe(ErrorCode.forbidden);
    for (let i = 0; i < 6; i += 1) await call(t.app, MerchantPath.revealSignKey, { token: b.token, body: { password: `wrong-${i}` } });

    const rows = await rowsOf(b.m.id);
    const refused = rows.filter((r) => Number(r.result) === 0);
    expect(refused.filter((r) => r.admin_id === clerk.id).map((r) => [r.op_type, r.error, Number(r.code)])).toEqual([
      ['view', 'error.forbidden', ErrorCode.forbidden],
      ['add', 'error.forbidden', ErrorCode.forbidden],
    ]);
    const reveals = refused.filter((r) => r.action === 'merchant.signKey.reveal').map((r) => r.error);
    expect(reveals).toContain('signKey.wrongPassword');
    expect(reveals).toContain('signKey.tooMany');
    expect(JSON.stringify(rows)).not.toContain('wrong-0');
  });
});

describe('the hash chain', () => {
  it('stays whole under many writes at once, from requests and jobs', async () => {
    const b = await business();
    await Promise.all([
      jobEntries(b.m.id, 30),
      ...Array.from({ length: 8 }, (_, i) =>
        call(t.app, RolePath.add, {
          token: b.token,
          body: { name: `R${i}`, nameCn: `角色${i}`, nameEn: `R${i}`, description: '', permissions: [] },
        }),
      ),
    ]);
    const rows = await rowsOf(b.m.id);
    expect(rows).toHaveLength(1 + 30 + 8);
    expect(new Set(rows.map((r) => r.prev_hash)).size).toBe(rows.length);
    const chain = await chainOf(b.token);
    expect(chain).toMatchObject({ intact: true, entries: rows.length, problems: [] });
    expect(Date.parse(chain.checkedAt)).toBe(t.clock.now());
    const verified = await ops('oplog:verify');
    expect(verified.code).toBe(0);
    expect(verified.out).toMatch(/operation log intact/);
  });

  it('names a changed row', async () => {
    const b = await business();
    await jobEntries(b.m.id, 3);
    const rows = await rowsOf(b.m.id);
    const victim = rows[2] as Row;
    await behindTheServersBack(() => t.db.updateTable('operation_logs').set({ content: 'n=99' }).where('id', '=', victim.id).execute());
    const res = await ops('oplog:verify', '--merchant', b.m.merchantNo);
    expect(res.code).toBe(1);
    expect(res.out).toContain(`entry ${victim.id} [changed]`);
    expect(res.err).toMatch(/does not verify/);
    expect(await chainOf(b.token)).toMatchObject({ intact: false, problems: [{ id: victim.id, kind: 'changed' }] });
  });

  it('names where a row was removed, in the middle and at the end', async () => {
    const b = await business();
    await jobEntries(b.m.id, 4);
    const rows = await rowsOf(b.m.id);
    const [, , middle, after, last] = rows as [Row, Row, Row, Row, Row];
    await behindTheServersBack(() => t.db.deleteFrom('operation_logs').where('id', 'in', [middle.id, last.id]).execute());
    const res = await ops('oplog:verify', '--merchant', b.m.merchantNo);
    expect(res.code).toBe(1);
    expect(res.out).toContain(`entry ${after.id} [linkBroken]`);
    expect(res.out).toContain(`an entry between ${(rows[1] as Row).id} and ${after.id} was removed`);
    expect(res.out).toContain(`entry ${last.id} [lastRemoved]`);
  });

  it('names an inserted row, with or without a forged hash', async () => {
    const b = await business();
    await jobEntries(b.m.id, 2);
    const rows = await rowsOf(b.m.id);
    const tail = rows[rows.length - 1] as Row;
    const { id: _id, ...copy } = tail;
    const forged = await t.db
      .insertInto('operation_logs')
      .values({ ...copy, content: 'forged', prev_hash: tail.hash, hash: tail.hash })
      .returning('id')
      .executeTakeFirstOrThrow();
    const bare = await t.db
      .insertInto('operation_logs')
      .values({ merchant_id: b.m.id, sys_admin: 0, module: 'system', operation: 'x', content: '', ip: '', created_at: t.clock.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await ops('oplog:verify', '--merchant', b.m.merchantNo);
    expect(res.code).toBe(1);
    expect(res.out).toContain(`entry ${forged.id} [inserted]`);
    expect(res.out).toContain(`entry ${bare.id} [unchained]`);
  });
});

describe('the JSON Lines export', () => {
  it('gives one object a line with the documented fields, and no secret', async () => {
    const b = await business();
    const revealed = await call<{ signKey: string }>(t.app, MerchantPath.revealSignKey, {
      token: b.token,
      body: { password: b.owner.password },
    });
    const today = dateInZone(t.clock.now(), 'Asia/Shanghai');
    const res = await t.app.inject({
      method: 'POST',
      url: `/v3api${OperationLogPath.export}`,
      headers: { 'x-auth-token': b.token },
      payload: { from: today, to: today, format: 'jsonl' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/x-ndjson/);
    expect(res.headers['content-disposition']).toContain('.jsonl');
    expect(res.body).not.toContain(revealed.body.data.signKey);
    expect(res.body).not.toContain(b.owner.password);
    const lines = res.body.trim().split('\n');
    const objects = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    const reveal = objects.find((o) => o.action === 'merchant.signKey.reveal');
    expect(reveal).toMatchObject({
      merchantId: b.m.id,
      operator: b.owner.loginName,
      actorKind: 'admin',
      authMethod: 'password',
      module: 'system',
      result: 'success',
      code: 0,
      before: { signKey: '' },
      after: { signKey: '******' },
    });
    expect(Object.keys(reveal ?? {})).toEqual([
      'id',
      'time',
      'merchantId',
      'operator',
      'actorKind',
      'authMethod',
      'source',
      'ip',
      'module',
      'type',
      'action',
      'operation',
      'content',
      'target',
      'result',
      'code',
      'error',
      'before',
      'after',
      'prevHash',
      'hash',
    ]);
    expect(String(reveal?.hash)).toMatch(/^[0-9a-f]{64}$/);
  });
});
