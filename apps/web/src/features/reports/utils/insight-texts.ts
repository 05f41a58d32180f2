import { formatBp } from '@mbo/shared/ratios';

/**
 * Texts of the report insights: a change from the previous period ("+12.34%", "-5.00%", "+1.20" points
 * for a rate), whether the change is good news (more volume is, more chargebacks are not), and a
 * country's name in the interface language.
 */

/** "+12.34%" / "-5.00%" / "0.00%"; null (no previous figure) gives '-'. */
export function changeText(bp: number | null): string {
  if (bp === null) return '-';
  return bp > 0 ? `+${formatBp(bp)}` : formatBp(bp);
}

/** A rate's change in percentage points: "+1.20" / "-0.35" (the unit is said beside it). */
export function pointsText(bp: number | null): string {
  if (bp === null) return '-';
  const text = formatBp(bp).slice(0, -1);
  return bp > 0 ? `+${text}` : text;
}

export type TTone = 'good' | 'bad' | 'flat';

/** Good news when a figure the merchant wants up went up (or one it wants down went down). */
export function toneOf(bp: number | null, higherIsBetter: boolean): TTone {
  if (bp === null || bp === 0) return 'flat';
  return bp > 0 === higherIsBetter ? 'good' : 'bad';
}

const LOCALES: Record<string, string> = { zhCn: 'zh-CN', zhHk: 'zh-HK', en: 'en' };

/** "DE" -> "Germany" / "德国" / "德國"; an unknown or empty code as it is (the caller names the empty one). */
export function countryName(code: string, language: string): string {
  if (!/^[A-Z]{2}$/.test(code)) return code;
  try {
    const names = new Intl.DisplayNames([LOCALES[language] ?? 'en'], { type: 'region' });
    const name = names.of(code);
    return name && name !== code ? `${name} (${code})` : code;
  } catch {
    return code;
  }
}
