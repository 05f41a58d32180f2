import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, IDEMPOTENCY_KEY_HEADER } from '@mbo/shared/api-paths';
import { DisputePath } from '@mbo/shared/disputes';
import { ErrorCode } from '@mbo/shared/envelope';
import { RefundPath } from '@mbo/shared/refunds';
import { createAdmin, createGateway, createMerchant, type GatewayRow, type MerchantRow } from '../../test/factories';
import { multipartBody, pdfFile } from '../../test/files';
import { call, createTestApp, signIn, type TestContext } from '../../test/helpers';
import { createTransaction } from '../../test/trade-factories';
import { raiseChargeback, raiseEthocaAlert } from '../domains/disputes/operator-service';
import { IN_FLIGHT_LEASE_MS, KEY_TTL_MS, purgeExpiredKeys } from './idempotency';

let t: TestContext;
let merchant: MerchantRow;
let gateway: GatewayRow;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  merchant = await createMerchant(t.db);
  gateway = await createGateway(t.db, merchant);
  token = await signIn(t.app, await createAdmin(t.db, merchant));
});
afterAll(async () => {
  await t.close();
});

type Applied = { refundNo: string; status: number; method: number };
let keySeq = 0;
const newKey = () => `key-${Date.now().toString(36)}-${(keySeq += 1)}`;

function apply(body: unknown, key: string | null, tok = token) {
  return call<Applied>(t.app, RefundPath.apply, {
    token: tok,
    body,
    lang: 'en_US',
    ...(key === null ? {} : { headers: { [IDEMPOTENCY_KEY_HEADER]: key } }),
  });
}

const refundsOf = (transactionId: number) =>
  t.db.selectFrom('refunds').select(['refund_no', 'amount']).where('transaction_id', '=', transactionId).execute();
const pendingOf = async (transactionId: number) =>
  (await t.db.selectFrom('transactions').select('refund_pending_amount').where('id', '=', transactionId).executeTakeFirstOrThrow())
    .refund_pending_amount;

describe('Idempotency-Key on a refund application', () => {
  it('a retry with the same key after the reply was lost gets the first answer again; one refund exists', async () => {
    const tx = await createTransaction(t.db, merchant, gateway, { amount: 10_000 });
    const key = newKey();
    const body = { tradeNo: tx.tradeNo, amount: '12.50', reason: 'damaged' };
    const first = await apply(body, key);
    expect(first.body.code).toBe(0);
    // The client never saw `first` (a node died after the commit): it, or the balancer, sends it again.
    const retry = await apply({ reason: 'damaged', amount: '12.50', tradeNo: tx.tradeNo }, key);
    expect(retry.body).toEqual(first.body);
    // A replay says so; a first answer does not.
    expect(retry.raw.headers['idempotent-replayed']).toBe('true');
    expect(first.raw.headers['idempotent-replayed']).toBeUndefined();
    expect(await refundsOf(tx.id)).toEqual([{ refund_no: first.body.data.refundNo, amount: 1_250 }]);
    expect(await pendingOf(tx.id)).toBe(1_250);
  });

  it('20 copies of one submission at once: one refund, every answer is it or "being processed"', async () => {
    const tx = await createTransaction(t.db, merchant, gateway, { amount: 10_000 });
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 20 }, () => apply({ tradeNo: tx.tradeNo, amount: '30', reason: 'x' }, key)));
    const refunds = await refundsOf(tx.id);
    expect(refunds).toHaveLength(1);
    for (const a of answers) {
      if (a.body.code === 0) expect(a.body.data.refundNo).toBe(refunds[0]?.refund_no);
      else expect(a.body).toEqual({ code: ErrorCode.conflict, msg: expect.stringMatching(/still being processed/), data: null });
    }
    expect(answers.some((a) => a.body.code === 0)).toBe(true);
    expect(await pendingOf(tx.id)).toBe(3_000);
  });

  it('refuses the same key with another request, and changes nothing', async () => {
    const tx = await createTransaction(t.db, merchant, gateway, { amount: 10_000 });
    const key = newKey();
    expect((await apply({ tradeNo: tx.tradeNo, amount: '10', reason: 'x' }, key)).body.code).toBe(0);
    const other = await apply({ tradeNo: tx.tradeNo, amount: '11', reason: 'x' }, key);
    expect(other.body).toEqual({
      code: ErrorCode.conflict,
      msg: 'This Idempotency-Key was already used for a different request; use a new key for a new submission',
      data: null,
    });
    expect(await pendingOf(tx.id)).toBe(1_000);
  });

  it('a refused request leaves its key free: the corrected submission with the same key goes through once', async () => {
    const tx = await createTransaction(t.db, merchant, gateway, { amount: 1_000 });
    const key = newKey();
    const tooMuch = await apply({ tradeNo: tx.tradeNo, amount: '10.01', reason: 'x' }, key);
    expect(tooMuch.body.msg).toBe('The refund amount must not exceed the available amount 10.00 USD');
    const fixed = await apply({ tradeNo: tx.tradeNo, amount: '10', reason: 'x' }, key);
    expect(fixed.body.code).toBe(0);
    expect((await apply({ tradeNo: tx.tradeNo, amount: '10', reason: 'x' }, key)).body).toEqual(fixed.body);
    expect(await refundsOf(tx.id)).toHaveLength(1);
  });

  it('answers "being processed" while a claim is held, and takes over a claim whose node died before committing', async () => {
    const tx = await createTransaction(t.db, merchant, gateway, { amount: 10_000 });
    const key = newKey();
    const body = { tradeNo: tx.tradeNo, amount: '5', reason: 'x' };
    // What a node leaves when it dies after claiming and before committing the refund.
    const { createHash } = await import('node:crypto');
    const { canonicalJson } = await import('./idempotency');
    const route = `POST ${API_BASE}${RefundPath.apply}`;
    await t.db
      .insertInto('idempotency_keys')
      .values({
        merchant_id: merchant.id,
        idem_key: key,
        route,
        fingerprint: createHash('sha256')
          .update(`${route}\n${canonicalJson(body)}`)
          .digest('hex'),
        status: 'processing',
        response: null,
        created_at: t.clock.now(),
        claimed_at: t.clock.now(),
      })
      .execute();
    expect((await apply(body, key)).body.msg).toBe(
      'The same request is still being processed; check the result shortly instead of submitting again',
    );
    expect(await refundsOf(tx.id)).toHaveLength(0);
    t.clock.advance(IN_FLIGHT_LEASE_MS);
    const taken = await apply(body, key);
    expect(taken.body.code).toBe(0);
    expect(await refundsOf(tx.id)).toHaveLength(1);
  });

  it('keys expire after 24 hours and belong to one merchant', async () => {
    const tx = await createTransaction(t.db, merchant, gateway, { amount: 10_000 });
    const key = newKey();
    const body = { tradeNo: tx.tradeNo, amount: '1', reason: 'x' };
    const first = await apply(body, key);
    t.clock.advance(KEY_TTL_MS);
    token = await signIn(t.app, await createAdmin(t.db, merchant));
    const later = await apply(body, key);
    expect(later.body.code).toBe(0);
    expect(later.body.data.refundNo).not.toBe(first.body.data.refundNo);
    expect(await refundsOf(tx.id)).toHaveLength(2);

    // Another merchant's key of the same text is its own.
    const other = await createMerchant(t.db);
    const otherGateway = await createGateway(t.db, other);
    const otherToken = await signIn(t.app, await createAdmin(t.db, other));
    const otherTx = await createTransaction(t.db, other, otherGateway, { amount: 10_000 });
    const theirs = await apply({ tradeNo: otherTx.tradeNo, amount: '1', reason: 'x' }, key, otherToken);
    expect(theirs.body.code).toBe(0);

    t.clock.advance(KEY_TTL_MS);
    token = await signIn(t.app, await createAdmin(t.db, merchant));
    expect(await purgeExpiredKeys(t.db, t.clock.now())).toBeGreaterThanOrEqual(2);
    const left = await t.db.selectFrom('idempotency_keys').select('id').where('idem_key', '=', key).execute();
    expect(left).toHaveLength(0);
  });

  it('refuses a malformed key before anything is written', async () => {
    const tx = await createTransaction(t.db, merchant, gateway, { amount: 10_000 });
    for (const key of ['', 'with space', 'x'.repeat(256), 'ключ']) {
      const r = await apply({ tradeNo: tx.tradeNo, amount: '1', reason: 'x' }, key);
      expect(r.body.code, JSON.stringify(key)).toBe(ErrorCode.validation);
    }
    expect(await refundsOf(tx.id)).toHaveLength(0);
  });
});

describe('Idempotency-Key on a refund from an alert and on an appeal', () => {
  it('replays a refund from an alert instead of refusing it as already refunded', async () => {
    const tx = await createTransaction(t.db, merchant, gateway, { amount: 9_000 });
    const eth = await raiseEthocaAlert(t.db, tx.tradeNo, { amount: 4_000, deadlineHours: 48, now: t.clock.now() });
    const key = newKey();
    const send = () =>
      call<Applied>(t.app, DisputePath.alertRefund, { token, body: { caseNo: eth.caseNo }, headers: { [IDEMPOTENCY_KEY_HEADER]: key } });
    const first = await send();
    expect(first.body.code).toBe(0);
    expect((await send()).body).toEqual(first.body);
    expect(await pendingOf(tx.id)).toBe(4_000);
  });

  it('replays an appeal with the same files and keeps one set of evidence', async () => {
    const tx = await createTransaction(t.db, merchant, gateway, { amount: 9_000 });
    const cb = await raiseChargeback(t.db, tx.tradeNo, { now: t.clock.now() });
    const key = newKey();
    const send = (note: string) => {
      const { payload, headers } = multipartBody({ caseNo: cb.caseNo, note }, [{ name: 'proof.pdf', content: pdfFile('delivery') }]);
      return t.app.inject({
        method: 'POST',
        url: `${API_BASE}${DisputePath.appeal}`,
        headers: { ...headers, 'x-auth-token': token, lang: 'en_US', [IDEMPOTENCY_KEY_HEADER]: key },
        payload,
      });
    };
    const first = (await send('delivered')).json<{ code: number }>();
    expect(first.code).toBe(0);
    expect((await send('delivered')).json()).toEqual(first);
    expect((await send('another note')).json<{ code: number }>().code).toBe(ErrorCode.conflict);
    const files = await t.db
      .selectFrom('dispute_files as f')
      .innerJoin('disputes as d', 'd.id', 'f.dispute_id')
      .select('f.storage_name')
      .where('d.case_no', '=', cb.caseNo)
      .execute();
    expect(files).toHaveLength(1);
  });
});
