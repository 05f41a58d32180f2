import type { TFunction } from 'i18next';
import { gatewayTextOf } from '@mbo/shared/gateway-texts';

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
