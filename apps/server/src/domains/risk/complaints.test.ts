import { describe, expect, it } from 'vitest';
import {
  ComplaintAction,
  ComplaintPath,
  ComplaintStatus,
  ReplyEmailPath,
  type TComplaint,
  type TReplyPreview,
  type TReplyTemplate,
  type TSentReply,
} from '@mbo/shared/complaints';
import { ErrorCode } from '@mbo/shared/envelope';
import type { TListPage } from '@mbo/shared/list';
import { RefundProcessing } from '@mbo/shared/trade-enums';
import { createAdmin, createRole } from '../../../test/factories';
import { call, signIn, testAppForFile } from '../../../test/helpers';
import { opsOf } from '../../../test/ops-harness';
import { shopForFile } from '../../../test/signed-in-shop';
import { createTransaction } from '../../../test/trade-factories';
import { dateInZone } from '../../platform/time';

const t = testAppForFile();
const shop = shopForFile(t, { merchantName: 'Harbour Mugs Ltd.' });
// Another merchant's administrator: sees and touches none of the shop's.
const stranger = shopForFile(t);
const ops = opsOf(t);

const today = () => dateInZone(t.clock.now(), 'Asia/Shanghai');

async function raise(language = 'en', amount = 10_000) {
  const tx = await createTransaction(t.db, shop.merchant, shop.gateway, { amount });
  const r = await ops(
    'complaint:add',
    tx.tradeNo,
    '--email',
    'Card.Holder@example.com',
    '--content',
    'I do not recognise this',
    '--language',
    language,
  );
  expect(r.code, r.err).toBe(0);
  return { complaintNo: r.out.split(/\s+/)[0] ?? '', tradeNo: tx.tradeNo, tradeId: tx.id };
}

const list = (tok = shop.token) =>
  call<TListPage<TComplaint>>(t.app, ComplaintPath.list, { token: tok, query: { from: today(), to: today() } });
const processIt = (body: unknown, o: { tok?: string; headers?: Record<string, string>; lang?: 'en_US' | 'zh_CN' } = {}) =>
  call<{ complaintNo: string; status: number; action: number; refundNo: string | null; replied: boolean }>(t.app, ComplaintPath.process, {
    token: o.tok ?? shop.token,
    body,
    lang: o.lang ?? 'en_US',
    ...(o.headers ? { headers: o.headers } : {}),
  });

const TEMPLATE = {
  name: 'Not recognised',
  subjects: { zhCn: '关于订单 {orderNo}', zhHk: '關於訂單 {orderNo}', en: 'About your order {orderNo}' },
  bodies: {
    zhCn: '您好，{merchantName} 已收到您对 {amount} 付款的询问。',
    zhHk: '您好，{merchantName} 已收到您對 {amount} 付款的查詢。',
    en: 'Hello, {merchantName} has received your question about the payment of {amount}.',
  },
};

describe('complaints', () => {
  it('an operator command raises a complaint; the merchant lists it pending with its deadline; another merchant does not see it', async () => {
    const c = await raise();
    const rows = (await list()).body.data.list;
    const row = rows.find((r) => r.complaintNo === c.complaintNo);
    expect(row).toMatchObject({
      status: ComplaintStatus.pending,
      tradeNo: c.tradeNo,
      cardholderEmail: 'card.holder@example.com',
      overdue: false,
      amount: 10_000,
    });
    expect(Date.parse(row?.replyDeadline ?? '') - t.clock.now()).toBe(3 * 86_400_000);
    expect((await list(stranger.token)).body.data.list).toEqual([]);
    expect(
      (await processIt({ complaintNo: c.complaintNo, refund: { amount: '1.00', reason: 'x' } }, { tok: stranger.token })).body.code,
    ).toBe(ErrorCode.notFound);
  });

  it('replies from a template in the three languages, with placeholders filled, through the mail path', async () => {
    const saved = await call<{ id: number }>(t.app, ReplyEmailPath.saveTemplate, { token: shop.token, body: TEMPLATE });
    expect(saved.body.code).toBe(0);
    const sample = await call<TReplyPreview>(t.app, ReplyEmailPath.preview, {
      token: shop.token,
      query: { templateId: String(saved.body.data.id), language: 'en' },
    });
    expect(sample.body.data.body).toBe('Hello, Harbour Mugs Ltd. has received your question about the payment of 120.50 USD.');
    const expected = {
      zhCn: ['关于订单 ', '您好，Harbour Mugs Ltd. 已收到您对 100.00 USD 付款的询问。'],
      zhHk: ['關於訂單 ', '您好，Harbour Mugs Ltd. 已收到您對 100.00 USD 付款的查詢。'],
      en: ['About your order ', 'Hello, Harbour Mugs Ltd. has received your question about the payment of 100.00 USD.'],
    } as const;
    for (const language of ['zhCn', 'zhHk', 'en'] as const) {
      const c = await raise(language);
      const preview = await call<TReplyPreview>(t.app, ReplyEmailPath.preview, {
        token: shop.token,
        query: { templateId: String(saved.body.data.id), language, complaintNo: c.complaintNo },
      });
      expect(preview.body.data.body).toBe(expected[language][1]);
      const r = await processIt({
        complaintNo: c.complaintNo,
        reply: { language, templateId: saved.body.data.id, subject: TEMPLATE.subjects[language], body: TEMPLATE.bodies[language] },
      });
      expect(r.body.data).toMatchObject({
        status: ComplaintStatus.processed,
        action: ComplaintAction.reply,
        refundNo: null,
        replied: true,
      });
      const mail = await t.db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('to_addr', '=', 'card.holder@example.com')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(mail.subject.startsWith(expected[language][0])).toBe(true);
      expect(mail.subject).not.toContain('{orderNo}');
      expect(mail.text_body).toBe(expected[language][1]);
      expect(mail.language).toBe(language);
    }
    const sent = await call<TListPage<TSentReply>>(t.app, ReplyEmailPath.sent, { token: shop.token });
    expect(sent.body.data.list.length).toBe(3);
    expect(sent.body.data.list.every((s) => s.deliveryStatus === 'outbox' && s.templateName === 'Not recognised')).toBe(true);
    expect((await call<TListPage<TSentReply>>(t.app, ReplyEmailPath.sent, { token: stranger.token })).body.data.list).toEqual([]);
  });

  it('refunds through the refund application, once, even when two people process at the same moment', async () => {
    const c = await raise('en', 5_000);
    const body = {
      complaintNo: c.complaintNo,
      refund: { amount: '50.00', reason: 'complaint' },
      reply: { language: 'en', subject: 'Refunded', body: 'Your {amount} is refunded.' },
    };
    const [a, b] = await Promise.all([processIt(body), processIt(body)]);
    const okOnes = [a, b].filter((r) => r.body.code === 0);
    expect(okOnes).toHaveLength(1);
    expect(okOnes[0]?.body.data.action).toBe(ComplaintAction.replyAndRefund);
    const refunds = await t.db.selectFrom('refunds').selectAll().where('transaction_id', '=', c.tradeId).execute();
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amount: 5_000, status: RefundProcessing.pendingReview, refund_no: okOnes[0]?.body.data.refundNo });
    const again = await processIt(body);
    expect(again.body.msg).toBe(`Complaint ${c.complaintNo} has already been processed`);
    const tooMuch = await raise('en', 1_000);
    expect((await processIt({ complaintNo: tooMuch.complaintNo, refund: { amount: '10.01', reason: 'x' } })).body.msg).toBe(
      'The refund amount must not exceed the available amount 10.00 USD',
    );
    expect((await list()).body.data.list.find((r) => r.complaintNo === tooMuch.complaintNo)?.status).toBe(ComplaintStatus.pending);
  });

  it('a retried process with the same idempotency key answers the first result', async () => {
    const c = await raise();
    const body = { complaintNo: c.complaintNo, refund: { amount: '1.00', reason: 'goodwill' } };
    const a = await processIt(body, { headers: { 'idempotency-key': `cp-${c.complaintNo}` } });
    const b = await processIt(body, { headers: { 'idempotency-key': `cp-${c.complaintNo}` } });
    expect(b.body.data).toEqual(a.body.data);
  });

  it("another merchant's template id is not found; editing needs ReplyEmail:Edit and processing Complaint:Process", async () => {
    const saved = await call<{ id: number }>(t.app, ReplyEmailPath.saveTemplate, {
      token: shop.token,
      body: { ...TEMPLATE, name: 'Mine' },
    });
    const id = saved.body.data.id;
    expect((await call(t.app, ReplyEmailPath.saveTemplate, { token: stranger.token, body: { ...TEMPLATE, id } })).body.code).toBe(
      ErrorCode.notFound,
    );
    expect(
      (await call(t.app, ReplyEmailPath.preview, { token: stranger.token, query: { templateId: String(id), language: 'en' } })).body.code,
    ).toBe(ErrorCode.notFound);
    const changed = await call(t.app, ReplyEmailPath.saveTemplate, { token: shop.token, body: { ...TEMPLATE, id, name: 'Renamed' } });
    expect(changed.body.code).toBe(0);
    const templates = await call<{ list: TReplyTemplate[] }>(t.app, ReplyEmailPath.templates, { token: shop.token });
    expect(templates.body.data.list.map((x) => x.name)).toContain('Renamed');
    const role = await createRole(t.db, shop.merchant, { permissions: ['/complaint/showComplaintInfo', '/replyEmail/showReplyEmail'] });
    const viewer = await signIn(t.app, await createAdmin(t.db, shop.merchant, { roleId: role.id }));
    expect((await call(t.app, ReplyEmailPath.saveTemplate, { token: viewer, body: TEMPLATE })).status).toBe(403);
    const c = await raise();
    expect((await processIt({ complaintNo: c.complaintNo, refund: { amount: '1.00', reason: 'x' } }, { tok: viewer })).status).toBe(403);
    expect((await processIt({ complaintNo: c.complaintNo }, { lang: 'en_US' })).body.code).toBe(ErrorCode.validation);
  });
});
