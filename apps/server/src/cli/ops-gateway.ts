import { canonicalAmountInput, parseMajorAmount, toMajorString } from '@mbo/shared/money';
import { CARD_SCHEMES, PayStatus, TradeCategory, TradeType, type TCardScheme } from '@mbo/shared/trade-enums';
import { screenPayment } from '../domains/risk/service';
import { recordTransaction, withNewTradeNo } from '../domains/transactions/repository';
import { toIso } from '../platform/time';
import { text, textOptions, UsageError, type Command } from './ops-common';
import { findGatewayByNo } from './ops-repository';
import { linkMethodsOf } from '../domains/links/service';
import { GATEWAY_SERVICES, normaliseServices, setGatewayServices } from '../domains/onboarding/merchant-setup';

const STATUS_NAMES: Record<string, number> = {
  success: PayStatus.success,
  failed: PayStatus.failed,
  '3d-refused': PayStatus.threeDRefused,
  'to-be-confirmed': PayStatus.toBeConfirmed,
  unpaid: PayStatus.unpaid,
  'pre-auth-confirming': PayStatus.preAuthConfirming,
};
const CATEGORY_NAMES: Record<string, number> = {
  formal: TradeCategory.formal,
  'risk-declined': TradeCategory.riskDeclined,
  uncompleted: TradeCategory.uncompleted,
  test: TradeCategory.test,
  counterfeit: TradeCategory.counterfeit,
};

function pick(values: Record<string, number>, given: string | undefined, fallback: string, what: string): number {
  const key = given ?? fallback;
  const v = values[key];
  if (v === undefined) throw new UsageError(`--${what} must be one of ${Object.keys(values).join(', ')}`);
  return v;
}

/**
 * What the gateway does when a payment comes in, for acquirer staff checking a merchant's set-up and
 * for demonstrations: one gateway record (and its rollup) in one transaction, as the generator and
 * the live gateway write them. The card is given as first 6 and last 4 digits only.
 */
export const GATEWAY_COMMANDS: Record<string, Command> = {
  'payment:record': {
    summary: 'record a payment on a gateway as the gateway would (prints its transaction order number)',
    usage:
      'payment:record --gateway 10010001 --amount 120.50 [--status success|failed|3d-refused|to-be-confirmed|unpaid|pre-auth-confirming] [--category formal|risk-declined|uncompleted|test|counterfeit] [--pre-auth] [--scheme VISA|MASTERCARD|JCB|AMEX|UNIONPAY] [--card 411111-1111] [--order ORDER-NO] [--email ADDR] [--name TEXT] [--ip ADDR] [--customer-id ID] [--device-id ID] [--days-ago N]',
    options: {
      ...textOptions(
        'gateway',
        'amount',
        'status',
        'category',
        'scheme',
        'card',
        'order',
        'email',
        'name',
        'ip',
        'customer-id',
        'device-id',
        'days-ago',
      ),
      'pre-auth': { type: 'boolean' },
    },
    async run({ db, now }, values) {
      const gatewayNo = text(values, 'gateway', true);
      const gateway = await findGatewayByNo(db, gatewayNo);
      if (!gateway) throw new UsageError(`no gateway ${gatewayNo}`);
      // Grouping commas as an operator types them ("1,234.56") are fine; anything else must be the exact amount.
      const amount = parseMajorAmount(canonicalAmountInput(text(values, 'amount', true)), gateway.currency);
      if (amount === null) throw new UsageError(`--amount must be a positive amount in ${gateway.currency}, e.g. 120.50`);
      const payStatus = pick(STATUS_NAMES, text(values, 'status'), 'success', 'status');
      const category = pick(CATEGORY_NAMES, text(values, 'category'), 'formal', 'category');
      const scheme = (text(values, 'scheme') ?? 'VISA').toUpperCase();
      if (!(CARD_SCHEMES as readonly string[]).includes(scheme)) throw new UsageError(`--scheme must be one of ${CARD_SCHEMES.join(', ')}`);
      const card = text(values, 'card') ?? '411111-1111';
      const cardMatch = /^(\d{6})-(\d{4})$/.exec(card);
      if (!cardMatch) throw new UsageError('--card must be the first 6 and last 4 digits, e.g. 411111-1111 (never a full number)');
      const daysAgo = Number(text(values, 'days-ago') ?? '0');
      if (!Number.isInteger(daysAgo) || daysAgo < 0 || daysAgo > 365) throw new UsageError('--days-ago must be an integer from 0 to 365');

      const at = now() - daysAgo * 86_400_000;
      const row = {
        merchant_id: gateway.merchant_id,
        gateway_id: gateway.id,
        category,
        // Drawn as the record is written (withNewTradeNo), as the hosted payment page draws it.
        trade_no: '',
        merchant_order_no: text(values, 'order') ?? `ORD${String(at).slice(-10)}`,
        trade_type: values['pre-auth'] === true ? TradeType.preAuthorization : TradeType.consumption,
        pay_status: payStatus,
        card_scheme: scheme as TCardScheme,
        card_first6: cardMatch[1] ?? '',
        card_last4: cardMatch[2] ?? '',
        currency: gateway.currency,
        amount,
        settle_currency: gateway.currency,
        settle_amount: amount,
        return_message: payStatus === PayStatus.success ? 'Approved' : 'Declined',
        email: text(values, 'email') ?? '',
        customer_name: text(values, 'name') ?? '',
        customer_email: text(values, 'email') ?? '',
        // What Visa Compelling Evidence 3.0 compares (with the shipping address): the gateway passes them on when the shop sent them.
        ip: text(values, 'ip') ?? '',
        customer_id: text(values, 'customer-id')?.slice(0, 64) ?? null,
        device_id: text(values, 'device-id')?.slice(0, 128) ?? null,
        created_at: at,
        submitted_at: at + 1_000,
        returned_at: at + 2_500,
      };
      // Risk control: a record matching the merchant's blacklist is declined (risk-declined, rule R006).
      const screened = await screenPayment(db, row);
      const tradeNo = await withNewTradeNo(gatewayNo, at, async (no) => {
        await recordTransaction(db, { ...screened, trade_no: no });
        return no;
      });
      console.log(`${tradeNo}  ${toMajorString(amount, gateway.currency)} ${gateway.currency}  ${toIso(at)}`);
    },
  },

  'gateway:services': {
    summary: 'show or set the card schemes and services open on a gateway (what payment links and payments may use)',
    usage: `gateway:services --gateway 10010001 [--services ${GATEWAY_SERVICES.join(',')}]`,
    options: { gateway: { type: 'string' }, services: { type: 'string' } },
    async run({ db }, values) {
      const gatewayNo = text(values, 'gateway', true);
      const gateway = await findGatewayByNo(db, gatewayNo);
      if (!gateway) throw new UsageError(`no gateway ${gatewayNo}`);
      const raw = text(values, 'services');
      if (raw !== undefined) {
        const services = normaliseServices(raw);
        if (services === null)
          throw new UsageError(`--services must be a comma-separated list of ${GATEWAY_SERVICES.join(', ')}, got "${raw}"`);
        await setGatewayServices(db, gateway.id, services);
      }
      const row = await db.selectFrom('gateways').select('services').where('id', '=', gateway.id).executeTakeFirstOrThrow();
      const methods = linkMethodsOf(row.services);
      console.log(
        `gateway ${gatewayNo}${raw !== undefined ? ' updated' : ''}: ${row.services || '(no service)'}; payment links: ${methods.length > 0 ? methods.join(', ') : 'none (it needs a card scheme or a wallet)'}`,
      );
    },
  },
};
