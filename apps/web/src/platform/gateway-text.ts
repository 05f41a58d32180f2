import type { TFunction } from 'i18next';
import { disputeReasonKeyOf, gatewayTextOf } from '@mbo/shared/gateway-texts';

/**
 * A gateway response in the reader's language, its response code kept ("51 余额不足"); a text the
 * catalog does not know is shown as the gateway sent it.
 */
export function gatewayText(t: TFunction, raw: string | null | undefined): string {
  if (!raw) return '';
  const g = gatewayTextOf(raw);
  if (!g.key) return raw;
  const text = t(`gatewayText.${g.key}`);
  return g.code ? `${g.code} ${text}` : text;
}

/** A risk rule code with its name in the reader's language ("R003 邮箱在黑名单中"). */
export function riskRuleText(t: TFunction, code: string): string {
  const name = t(`tradeEnum.riskRule.${code}`, { defaultValue: '' });
  return name ? `${code} ${name}` : code;
}

/** A dispute reason with its code, in the reader's language when the catalog knows it ("4863 持卡人不认可该交易"). */
export function disputeReasonText(t: TFunction, code: string | null | undefined, reason: string | null | undefined): string {
  const key = reason ? disputeReasonKeyOf(reason) : null;
  const text = key ? t(`disputeReason.${key}`) : (reason ?? '');
  return [code, text].filter(Boolean).join(' ');
}
