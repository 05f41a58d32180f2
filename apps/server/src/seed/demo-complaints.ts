import { ComplaintAction, ComplaintKind, ComplaintStatus, fillReplyPlaceholders } from '@mbo/shared/complaints';
import { toMajorString } from '@mbo/shared/money';
import { PayStatus, TradeCategory } from '@mbo/shared/trade-enums';
import type { Trx } from '../db/database';
import { DAY_MS } from '../platform/time';

/*
 * Demo cardholder complaints and inquiries on the demo merchants' approved payments, some due soon and
 * one already answered with a reply template, so the complaint screens have work in each state.
 */

const TEMPLATES = [
  {
    name: 'Payment not recognised',
    subjects: { zhCn: '关于您的订单 {orderNo}', zhHk: '關於您的訂單 {orderNo}', en: 'About your order {orderNo}' },
    bodies: {
      zhCn: '您好：\n\n您在 {merchantName} 的付款 {amount}（订单号 {orderNo}）是您在我们网店的购买。如仍有疑问，请直接回复本邮件，我们会在一个工作日内处理。\n\n{merchantName}',
      zhHk: '您好：\n\n您在 {merchantName} 的付款 {amount}（訂單號 {orderNo}）是您在我們網店的購買。如仍有疑問，請直接回覆本郵件，我們會在一個工作天內處理。\n\n{merchantName}',
      en: 'Hello,\n\nYour payment of {amount} to {merchantName} (order {orderNo}) was a purchase in our online shop. If anything is still unclear, reply to this email and we will answer within one working day.\n\n{merchantName}',
    },
  },
  {
    name: 'Refund issued',
    subjects: { zhCn: '订单 {orderNo} 已退款', zhHk: '訂單 {orderNo} 已退款', en: 'Order {orderNo} refunded' },
    bodies: {
      zhCn: '您好：\n\n我们已为订单 {orderNo} 办理退款 {amount}，款项将在 5 至 10 个工作日内退回您的卡。\n\n{merchantName}',
      zhHk: '您好：\n\n我們已為訂單 {orderNo} 辦理退款 {amount}，款項將在 5 至 10 個工作天內退回您的卡。\n\n{merchantName}',
      en: 'Hello,\n\nWe have refunded {amount} for order {orderNo}; it reaches your card within 5 to 10 working days.\n\n{merchantName}',
    },
  },
];

const COMPLAINTS = [
  {
    merchantNo: '100001',
    kind: ComplaintKind.complaint,
    language: 'en',
    name: 'Olivia Hart',
    content: 'I do not recognise this charge on my statement.',
    daysAgo: 1,
    deadlineDays: 3,
    processed: false,
  },
  {
    merchantNo: '100001',
    kind: ComplaintKind.inquiry,
    language: 'zhCn',
    name: '王小明',
    content: '请问这笔扣款是哪个订单？我没有收到货。',
    daysAgo: 2,
    deadlineDays: 3,
    processed: false,
  },
  {
    merchantNo: '100001',
    kind: ComplaintKind.complaint,
    language: 'zhHk',
    name: '陳大文',
    content: '同一張單被扣了兩次款，請退回其中一筆。',
    daysAgo: 5,
    deadlineDays: 3,
    processed: false,
  },
  {
    merchantNo: '100001',
    kind: ComplaintKind.inquiry,
    language: 'en',
    name: 'Tom Baker',
    content: 'Which shop is this payment for?',
    daysAgo: 8,
    deadlineDays: 3,
    processed: true,
  },
  {
    merchantNo: '100002',
    kind: ComplaintKind.complaint,
    language: 'en',
    name: 'Ana Silva',
    content: 'My licence key never arrived.',
    daysAgo: 1,
    deadlineDays: 3,
    processed: false,
  },
];

/** Reply templates, and complaints on each merchant's latest approved payments (one processed with its reply). */
export async function seedComplaints(trx: Trx, idOf: Map<string, number>, now: number): Promise<void> {
  const templateIds = new Map<string, number>();
  for (const [merchantNo, merchantId] of idOf) {
    for (const tpl of merchantNo === '100001' ? TEMPLATES : TEMPLATES.slice(0, 1)) {
      const { id } = await trx
        .insertInto('reply_templates')
        .values({
          merchant_id: merchantId,
          name: tpl.name,
          subject_zh_cn: tpl.subjects.zhCn,
          body_zh_cn: tpl.bodies.zhCn,
          subject_zh_hk: tpl.subjects.zhHk,
          body_zh_hk: tpl.bodies.zhHk,
          subject_en: tpl.subjects.en,
          body_en: tpl.bodies.en,
          updated_by: 'admin',
          created_at: now - 60 * DAY_MS,
          updated_at: now - 60 * DAY_MS,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (!templateIds.has(merchantNo)) templateIds.set(merchantNo, Number(id));
    }
  }
  let seq = 0;
  for (const [merchantNo, merchantId] of idOf) {
    const mine = COMPLAINTS.filter((c) => c.merchantNo === merchantNo);
    const trades = await trx
      .selectFrom('transactions as t')
      .innerJoin('merchants as m', 'm.id', 't.merchant_id')
      .select(['t.id', 't.gateway_id', 't.trade_no', 't.merchant_order_no', 't.currency', 't.amount', 't.created_at', 'm.name'])
      .where('t.merchant_id', '=', merchantId)
      .where('t.category', '=', TradeCategory.formal)
      .where('t.pay_status', '=', PayStatus.success)
      .where('t.created_at', '<', now - 10 * DAY_MS)
      .orderBy('t.created_at', 'desc')
      .orderBy('t.id', 'desc')
      .limit(mine.length)
      .execute();
    for (const [i, c] of mine.entries()) {
      const t = trades[i];
      if (!t) continue;
      seq += 1;
      const at = now - c.daysAgo * DAY_MS;
      const email = `${
        c.name
          .toLowerCase()
          .replace(/[^a-z]+/g, '.')
          .replace(/^\.|\.$/g, '') || `cardholder${seq}`
      }@example.com`;
      const { id } = await trx
        .insertInto('complaints')
        .values({
          merchant_id: merchantId,
          gateway_id: t.gateway_id,
          transaction_id: t.id,
          complaint_no: `CP${new Date(at).toISOString().slice(0, 10).replace(/-/g, '')}D${String(seq).padStart(7, '0')}`,
          kind: c.kind,
          cardholder_name: c.name,
          cardholder_email: email,
          language: c.language,
          content: c.content,
          status: c.processed ? ComplaintStatus.processed : ComplaintStatus.pending,
          reply_deadline: at + c.deadlineDays * DAY_MS,
          action: c.processed ? ComplaintAction.reply : ComplaintAction.none,
          processed_by: c.processed ? 'admin' : '',
          processed_at: c.processed ? at + DAY_MS : null,
          created_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (!c.processed) continue;
      const tpl = TEMPLATES[0];
      if (!tpl) continue;
      const values = {
        orderNo: t.merchant_order_no || t.trade_no,
        amount: `${toMajorString(Number(t.amount), t.currency)} ${t.currency}`,
        merchantName: t.name,
      };
      const subject = fillReplyPlaceholders(tpl.subjects.en, values);
      const body = fillReplyPlaceholders(tpl.bodies.en, values);
      const sentAt = at + DAY_MS;
      const mail = await trx
        .insertInto('mail_outbox')
        .values({
          to_addr: email,
          subject,
          text_body: body,
          html_body: '',
          language: 'en',
          status: 'sent',
          error: '',
          created_at: sentAt,
          sent_at: sentAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('cardholder_replies')
        .values({
          merchant_id: merchantId,
          complaint_id: Number(id),
          template_id: templateIds.get(merchantNo) ?? null,
          to_addr: email,
          language: 'en',
          subject,
          body,
          mail_id: Number(mail.id),
          sent_by: 'admin',
          created_at: sentAt,
        })
        .execute();
    }
  }
}
