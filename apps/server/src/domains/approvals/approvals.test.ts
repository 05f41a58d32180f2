import { describe, expect, it } from 'vitest';
import {
  ApprovalPath,
  ApprovalStatus,
  approvalApprovePath,
  approvalDetailPath,
  approvalRejectPath,
  type TApprovalDecided,
  type TApprovalDetail,
  type TApprovalPolicy,
  type TApprovalRow,
  type TApprovalWaiting,
} from '@mbo/shared/approvals';
import { FundsPath, WithdrawalStatus } from '@mbo/shared/funds';
import type { TListPage } from '@mbo/shared/list';
import { RefundPath } from '@mbo/shared/refunds';
import { createAdmin, createRole } from '../../../test/factories';
import { call, signIn, testAppForFile } from '../../../test/helpers';
import { expectLedgerOk, funded, type Funded } from '../../../test/funds-factories';
import { readBalances } from '../funds/ledger';

/*
 * A second approver (README.md), on both databases: what a policy holds, who may decide, that an
 * approval runs the action once with today's balance, expiry, rejection and scope.
 */

const t = testAppForFile();
const HOUR = 3_600_000;

const policy = (o: Partial<TApprovalPolicy> & Pick<TApprovalPolicy, 'kind'>): TApprovalPolicy => ({
  enabled: true,
  threshold: 50,
  expiryHours: 48,
  ...o,
});

async function setPolicies(token: string, policies: TApprovalPolicy[]) {
  const r = await call(t.app, ApprovalPath.savePolicies, { token, body: { policies } });
  expect(r.body.code).toBe(0);
}

const withdraw = (f: Funded, token: string, amount: string, reason?: string) =>
  call<TApprovalWaiting & { withdrawalNo?: string }>(t.app, FundsPath.withdrawApply, {
    token,
    lang: 'en_US',
    body: { gatewayNo: f.gateway.gatewayNo, amount, bankAccountId: f.bankId, ...(reason === undefined ? {} : { reason }) },
  });

const approve = (token: string, id: number, key?: string) =>
  call<TApprovalDecided>(t.app, approvalApprovePath(id), {
    token,
    lang: 'en_US',
    body: {},
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });

const balances = (f: Funded) => readBalances(t.db, { merchantId: f.merchant.id, gatewayId: f.gateway.id, currency: 'USD' });
const withdrawals = (f: Funded) =>
  t.db
    .selectFrom('withdrawals')
    .select(['withdrawal_no', 'amount', 'applicant', 'status'])
    .where('merchant_id', '=', f.merchant.id)
    .execute();

/** A funded merchant whose owner holds a withdrawal policy from 50.00, and a second administrator. */
async function setUp(available = 10_000) {
  const f = await funded(t, available);
  await setPolicies(f.token, [policy({ kind: 'withdrawal' })]);
  const second = await createAdmin(t.db, f.merchant);
  return { f, second, secondToken: await signIn(t.app, second) };
}

describe('approvals', () => {
  it('holds a withdrawal from the threshold on only, and asks for a reason then', async () => {
    const { f } = await setUp();
    const small = await withdraw(f, f.token, '49.99');
    expect(small.body.code).toBe(0);
    expect(small.body.data.withdrawalNo).toMatch(/^WD/);

    const noReason = await withdraw(f, f.token, '50.00');
    expect(noReason.body.code).toBe(1001);
    expect(noReason.body.msg).toContain('give a reason');

    const held = await withdraw(f, f.token, '50.00', 'supplier payment');
    expect(held.body.code).toBe(0);
    expect(held.body.data).toMatchObject({ approvalPending: true });
    expect(held.body.data.withdrawalNo).toBeUndefined();
    // Nothing moved yet: only the small one froze money.
    expect((await withdrawals(f)).map((w) => w.amount)).toEqual([4_999]);
    expect((await balances(f)).available).toBe(10_000 - 4_999);

    // A policy that is off holds nothing.
    await setPolicies(f.token, [policy({ kind: 'withdrawal', enabled: false })]);
    expect((await withdraw(f, f.token, '50.00')).body.data.withdrawalNo).toMatch(/^WD/);
  });

  it('refuses the requester its own approval; another administrator approves and the money moves exactly once', async () => {
    const { f, secondToken } = await setUp();
    const held = await withdraw(f, f.token, '60.00', 'rent');
    const id = held.body.data.approvalId;

    const own = await approve(f.token, id);
    expect(own.body.code).not.toBe(0);
    expect(own.body.msg).toBe('You cannot approve your own request: another administrator must decide it');
    expect((await call<TApprovalDetail>(t.app, approvalDetailPath(id), { token: f.token })).body.data.mayDecide).toBe(false);
    expect((await call<TApprovalDetail>(t.app, approvalDetailPath(id), { token: secondToken })).body.data.mayDecide).toBe(true);

    const first = await approve(secondToken, id, 'approve-1');
    expect(first.body.code).toBe(0);
    expect(first.body.data).toMatchObject({ id, status: ApprovalStatus.approved });
    const again = await approve(secondToken, id, 'approve-1');
    expect(again.raw.headers['idempotent-replayed']).toBe('true');
    expect(again.body.data).toEqual(first.body.data);
    const third = await approve(secondToken, id);
    expect(third.body.msg).toBe('This request has already been decided');

    const rows = await withdrawals(f);
    expect(rows).toEqual([
      { withdrawal_no: first.body.data.resultNo, amount: 6_000, applicant: expect.any(String), status: WithdrawalStatus.pending },
    ]);
    // The withdrawal is the requester's, as if applied directly.
    const requester = await t.db.selectFrom('approval_requests').select('requester_name').where('id', '=', id).executeTakeFirstOrThrow();
    expect(rows[0]?.applicant).toBe(requester.requester_name);
    const b = await balances(f);
    expect(b.available).toBe(4_000);
    expect(b.frozen).toBe(6_000);
    await expectLedgerOk(t);

    const log = await t.db
      .selectFrom('operation_logs')
      .select(['target', 'result'])
      .where('merchant_id', '=', f.merchant.id)
      .where('action', '=', 'approval.approve')
      .execute();
    expect(log.map((l) => l.target)).toContain(`id=${id}`);
    expect(log.map((l) => Number(l.result)).sort()).toEqual([0, 0, 1, 1]);
  });

  it('approving moves money: only shortly after the approver proved themselves (the fresh check)', async () => {
    const { f, second, secondToken } = await setUp();
    const id = (await withdraw(f, f.token, '60.00', 'rent')).body.data.approvalId;
    t.clock.advance(6 * 60_000);
    const stale = await approve(secondToken, id);
    expect(stale.body.code).toBe(1428);
    expect(await withdrawals(f)).toHaveLength(0);
    expect((await approve(await signIn(t.app, second), id)).body.code).toBe(0);
    expect(await withdrawals(f)).toHaveLength(1);
  });

  it('two approvers at once: one wins, the action runs once', async () => {
    const { f, secondToken } = await setUp();
    const thirdToken = await signIn(t.app, await createAdmin(t.db, f.merchant));
    const id = (await withdraw(f, f.token, '60.00', 'rent')).body.data.approvalId;
    const results = await Promise.all([approve(secondToken, id), approve(thirdToken, id)]);
    expect(results.filter((r) => r.body.code === 0)).toHaveLength(1);
    expect(await withdrawals(f)).toHaveLength(1);
    expect((await balances(f)).available).toBe(4_000);
  });

  it('checks the balance when it approves: of two that together exceed it, the second is refused and stays pending', async () => {
    const { f, secondToken } = await setUp(10_000);
    const a = (await withdraw(f, f.token, '60.00', 'one')).body.data.approvalId;
    const b = (await withdraw(f, f.token, '60.00', 'two')).body.data.approvalId;
    expect((await approve(secondToken, a)).body.code).toBe(0);
    const refused = await approve(secondToken, b);
    expect(refused.body.code).not.toBe(0);
    expect(refused.body.msg).toBe('Withdrawable balance insufficient');
    const detail = await call<TApprovalDetail>(t.app, approvalDetailPath(b), { token: secondToken });
    expect(detail.body.data.row.status).toBe(ApprovalStatus.pending);
    expect(await withdrawals(f)).toHaveLength(1);
    expect((await balances(f)).available).toBe(4_000);
    await expectLedgerOk(t);
  });

  it('a request expires after the owner’s hours and can no longer be approved', async () => {
    const { f, second } = await setUp();
    await setPolicies(f.token, [policy({ kind: 'withdrawal', expiryHours: 2 })]);
    const id = (await withdraw(f, f.token, '60.00', 'rent')).body.data.approvalId;
    t.clock.advance(2 * HOUR + 1);
    const secondToken = await signIn(t.app, second);
    const r = await approve(secondToken, id);
    expect(r.body.msg).toBe('This request has expired and can no longer be approved: submit it again');
    const list = await call<TListPage<TApprovalRow>>(t.app, ApprovalPath.list, {
      token: secondToken,
      query: { status: String(ApprovalStatus.expired) },
    });
    expect(list.body.data.list.map((x) => x.id)).toEqual([id]);
    expect(await withdrawals(f)).toHaveLength(0);
  });

  it('rejects with a comment; nothing moves', async () => {
    const { f, secondToken } = await setUp();
    const id = (await withdraw(f, f.token, '60.00', 'rent')).body.data.approvalId;
    expect((await call(t.app, approvalRejectPath(id), { token: secondToken, body: { comment: ' ' } })).body.code).toBe(1001);
    const r = await call<TApprovalDecided>(t.app, approvalRejectPath(id), { token: secondToken, body: { comment: 'wrong account' } });
    expect(r.body.data.status).toBe(ApprovalStatus.rejected);
    const row = (await call<TApprovalDetail>(t.app, approvalDetailPath(id), { token: f.token })).body.data.row;
    expect(row).toMatchObject({ status: ApprovalStatus.rejected, comment: 'wrong account', reason: 'rent', amount: 6_000 });
    expect((await approve(secondToken, id)).body.msg).toBe('This request has already been decided');
    expect(await withdrawals(f)).toHaveLength(0);
  });

  it('holds a refund and runs it when approved', async () => {
    const { f, secondToken } = await setUp();
    await setPolicies(f.token, [policy({ kind: 'refund', threshold: 10 })]);
    const held = await call<TApprovalWaiting>(t.app, RefundPath.apply, {
      token: f.token,
      body: { tradeNo: f.tradeNo, amount: '20.00', reason: 'customer returned it' },
    });
    expect(held.body.data.approvalPending).toBe(true);
    const done = await approve(secondToken, held.body.data.approvalId);
    expect(done.body.data.resultNo).toMatch(/^RF/);
    const refunds = await t.db.selectFrom('refunds').select(['refund_no', 'amount']).where('merchant_id', '=', f.merchant.id).execute();
    expect(refunds).toEqual([{ refund_no: done.body.data.resultNo, amount: 2_000 }]);
  });

  it('mails the other administrators who may approve', async () => {
    const { f, second } = await setUp();
    await withdraw(f, f.token, '60.00', 'rent');
    const admins = await t.db.selectFrom('admins').select('email').where('merchant_id', '=', f.merchant.id).execute();
    const mails = await t.db
      .selectFrom('mail_outbox')
      .select(['to_addr', 'subject'])
      .where(
        'to_addr',
        'in',
        admins.map((a) => a.email),
      )
      .execute();
    // The second administrator, not the requester itself.
    expect(mails.map((m) => m.to_addr)).toEqual([`${second.loginName}@example.test`]);
    expect(mails[0]?.subject).toContain('60.00 USD');
    // And an in-app notice to the same administrator (the notification centre's bell).
    const notices = await t.db.selectFrom('notifications').select('admin_id').where('merchant_id', '=', f.merchant.id).execute();
    expect(notices.map((n) => Number(n.admin_id))).toEqual([second.id]);
  });

  it('another merchant sees nothing; deciding needs Approval:Approve and the policies Approval:Policy', async () => {
    const { f, secondToken } = await setUp();
    const id = (await withdraw(f, f.token, '60.00', 'rent')).body.data.approvalId;
    const other = await funded(t, 10_000);
    const list = await call<TListPage<TApprovalRow>>(t.app, ApprovalPath.list, { token: other.token });
    expect(list.body.data.list).toEqual([]);
    expect((await call(t.app, approvalDetailPath(id), { token: other.token })).body.msg).toBeTruthy();
    expect((await approve(other.token, id)).body.code).not.toBe(0);

    const viewer = await createRole(t.db, f.merchant, { permissions: ['/approval/showApprovals'] });
    const viewerToken = await signIn(t.app, await createAdmin(t.db, f.merchant, { roleId: viewer.id }));
    expect((await call<TListPage<TApprovalRow>>(t.app, ApprovalPath.list, { token: viewerToken })).body.data.list).toHaveLength(1);
    expect((await approve(viewerToken, id)).status).toBe(403);
    expect(
      (await call(t.app, ApprovalPath.savePolicies, { token: viewerToken, body: { policies: [policy({ kind: 'refund' })] } })).status,
    ).toBe(403);
    expect((await call<TApprovalDetail>(t.app, approvalDetailPath(id), { token: viewerToken })).body.data.mayDecide).toBe(false);
    expect(await withdrawals(f)).toHaveLength(0);
    expect((await approve(secondToken, id)).body.code).toBe(0);
  });
});
