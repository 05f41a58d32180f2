import { CARD_SCHEMES, PayStatus, TradeCategory, TradeType, type TCardScheme } from '@mbo/shared/trade-enums';
import { createDb } from '../apps/server/src/db/database';
import { screenPayment } from '../apps/server/src/domains/risk/service';
import { recordTransaction, withNewTradeNo } from '../apps/server/src/domains/transactions/repository';
import { createRng } from '../apps/server/src/seed/trade-rng';

/*
 * Payments arriving while the lists are asked (issue 46 §1): one payment at a time on a gateway of the
 * measured merchant, at a steady rate, recorded as the gateway records them: risk control's screening,
 * a new transaction order number, then the record with its ledger capture, payment event and day
 * rollup in one database transaction (the path of `npm run ops -- payment:record`). It writes through
 * a connection of its own, as the gateway does from another process.
 */

export type WriterFigures = { recorded: number; failed: number; seconds: number; firstError: string | null };
export type PaymentWriter = { figures: () => WriterFigures; stop: () => Promise<WriterFigures> };

const EMAILS = ['ava.green', 'lei.wang', 'david.moore', 'sergey.volkova', 'mia.chen', 'noah.king'];
const BINS = ['411111', '476173', '431940', '414720', '542418', '356600', '622202', '378282'];

/** Starts recording `perSecond` payments a second on merchant `merchantNo`'s gateways until stopped (0: none). */
export async function startPaymentWriter(databaseUrl: string, perSecond: number, merchantNo = '100001', seed = 46): Promise<PaymentWriter> {
  const handle = createDb(databaseUrl, { poolMax: 2 });
  const gateways = await handle.db
    .selectFrom('gateways as g')
    .innerJoin('merchants as m', 'm.id', 'g.merchant_id')
    .select(['g.id', 'g.gateway_no', 'g.merchant_id', 'g.currency'])
    .where('m.merchant_no', '=', merchantNo)
    .execute();
  if (gateways.length === 0) throw new Error(`merchant ${merchantNo} has no gateway to record payments on`);
  const random = createRng(seed).next;
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const figures: WriterFigures = { recorded: 0, failed: 0, seconds: 0, firstError: null };
  const started = performance.now();
  let stopping = false;

  const recordOne = async (): Promise<void> => {
    const gateway = pick(gateways);
    const at = Date.now();
    const roll = random();
    const payStatus = roll < 0.8 ? PayStatus.success : roll < 0.95 ? PayStatus.failed : PayStatus.threeDRefused;
    const amount = 100 + Math.floor(random() * 49_900);
    const email = `${pick(EMAILS)}${Math.floor(random() * 1000)}@example.com`;
    const row = {
      merchant_id: gateway.merchant_id,
      gateway_id: gateway.id,
      category: random() < 0.9 ? TradeCategory.formal : TradeCategory.uncompleted,
      trade_no: '',
      merchant_order_no: `BENCH${at}${Math.floor(random() * 1000)}`,
      trade_type: random() < 0.1 ? TradeType.preAuthorization : TradeType.consumption,
      pay_status: payStatus,
      card_scheme: pick(CARD_SCHEMES) as TCardScheme,
      card_first6: pick(BINS),
      card_last4: String(Math.floor(random() * 10_000)).padStart(4, '0'),
      currency: gateway.currency,
      amount,
      settle_currency: gateway.currency,
      settle_amount: amount,
      return_message: payStatus === PayStatus.success ? 'Approved' : 'Declined',
      email,
      customer_name: 'Bench Payer',
      customer_email: email,
      created_at: at,
      submitted_at: at + 1_000,
      returned_at: at + 2_500,
    };
    const screened = await screenPayment(handle.db, row);
    await withNewTradeNo(gateway.gateway_no, at, (no) => recordTransaction(handle.db, { ...screened, trade_no: no }));
  };

  // One payment at a time on a fixed schedule: a payment that took longer than its slot is followed at
  // once by the next, so the rate holds whenever the database keeps up, and the figures say when not.
  const loop = (async () => {
    if (perSecond <= 0) return;
    const gap = 1000 / perSecond;
    for (let i = 0; !stopping; i += 1) {
      const wait = started + i * gap - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      if (stopping) break;
      try {
        await recordOne();
        figures.recorded += 1;
      } catch (error) {
        figures.failed += 1;
        figures.firstError ??= (error as Error).message;
      }
    }
  })();

  const snapshot = (): WriterFigures => ({ ...figures, seconds: (performance.now() - started) / 1000 });
  return {
    figures: snapshot,
    stop: async () => {
      stopping = true;
      await loop;
      await handle.destroy();
      return snapshot();
    },
  };
}
