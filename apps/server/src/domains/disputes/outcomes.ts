import type { TOutcomeRow } from '@mbo/shared/dispute-evidence';
import { ratioBp } from '@mbo/shared/reports';
import { AppealStatus } from '@mbo/shared/trade-enums';
import type { Db } from '../../db/database';
import { BUSINESS_DAY_OFFSET_MS, businessDay } from '../../platform/rollups';
import type { Scope } from '../../platform/scope';
import { listAppealOutcomes } from './evidence-repository';

/*
 * Won and lost appeals by reason code over time (statistics screen): the chargebacks that arrived in
 * each business month (UTC+08:00) and were appealed, by card scheme and reason code. The win rate is
 * of the decided ones; pending appeals are counted beside it, never in it.
 */

/** First instant of a business month "YYYY-MM" (midnight UTC+08:00). */
function monthStart(month: string): number {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return Date.UTC(y, m - 1, 1) - BUSINESS_DAY_OFFSET_MS;
}

function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

export async function appealOutcomes(db: Db, scope: Scope, from: string, to: string): Promise<TOutcomeRow[]> {
  const rows = await listAppealOutcomes(db, scope, monthStart(from), monthStart(nextMonth(to)));
  const groups = new Map<string, TOutcomeRow>();
  for (const r of rows) {
    const month = businessDay(Number(r.created_at)).slice(0, 7);
    const reasonCode = r.reason_code || '-';
    const key = `${month}|${r.card_scheme}|${reasonCode}`;
    const g = groups.get(key) ?? { month, cardScheme: r.card_scheme, reasonCode, won: 0, lost: 0, pending: 0, winRateBp: null };
    const status = Number(r.appeal_status);
    if (status === AppealStatus.success) g.won += 1;
    else if (status === AppealStatus.failed) g.lost += 1;
    else g.pending += 1;
    groups.set(key, g);
  }
  return [...groups.values()]
    .map((g) => ({ ...g, winRateBp: ratioBp(g.won, g.won + g.lost) }))
    .sort((a, b) => a.month.localeCompare(b.month) || a.cardScheme.localeCompare(b.cardScheme) || a.reasonCode.localeCompare(b.reasonCode));
}
