import { toMajorString } from '@mbo/shared/money';
import type { Trx } from '../../db/database';
import { notify, textsOf } from '../notifications/notify';

/*
 * What the funds domain tells administrators through the notification centre (notifications/README.md):
 * a withdrawal paid or failed, a settlement batch that held transactions back for missing delivery
 * proof. Each is told in the transaction that records it, once per event (its key), to the
 * administrators whose role opens the kind's screen and who see the gateway.
 */

const WITHDRAW_SCREEN = '/withdraw/forwardWithdrawList';
const SETTLE_SCREEN = '/merDailySettleDetail/initShowListPage';

type WithdrawalRef = { merchant_id: number; gateway_id: number; withdrawal_no: string; amount: number; currency: string };

export function tellWithdrawal(trx: Trx, w: WithdrawalRef, outcome: 'paid' | 'failed', reason: string, at: number) {
  const values = { withdrawalNo: w.withdrawal_no, amount: toMajorString(w.amount, w.currency), currency: w.currency, reason };
  return notify(trx, {
    merchantId: w.merchant_id,
    kind: outcome === 'paid' ? 'withdrawalPaid' : 'withdrawalFailed',
    recipients: `permission:${WITHDRAW_SCREEN}`,
    gatewayId: w.gateway_id,
    eventKey: `withdrawal:${w.withdrawal_no}:${outcome}`,
    text: textsOf(outcome === 'paid' ? 'notification.text.withdrawalPaid' : 'notification.text.withdrawalFailed', values),
    link: WITHDRAW_SCREEN,
    at,
  });
}

export async function tellSettlementHeld(
  trx: Trx,
  g: { merchantId: number; gatewayId: number },
  batchId: number,
  day: string,
  count: number,
  at: number,
) {
  if (count === 0) return;
  const gateway = await trx.selectFrom('gateways').select('gateway_no').where('id', '=', g.gatewayId).executeTakeFirst();
  await notify(trx, {
    merchantId: g.merchantId,
    kind: 'settlementHeld',
    recipients: `permission:${SETTLE_SCREEN}`,
    gatewayId: g.gatewayId,
    eventKey: `settlement-held:${batchId}`,
    text: textsOf('notification.text.settlementHeld', { gatewayNo: gateway?.gateway_no ?? '', date: day, count }),
    link: '/waybill/waybillPage',
    at,
  });
}
