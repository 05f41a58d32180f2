import { addMonths } from '@mbo/shared/reports';
import type { Db } from '../db/database';
import { upsertRule } from '../domains/reports/programmes-repository';
import { businessDay } from '../platform/rollups';

/**
 * A merchant close to a VAMP line (issue 49 §2): Visa's own line needs 1,500 events a month, which
 * no demo merchant reaches, so the acquirer holds 100001 to a stricter line of its own (an operator's
 * per-merchant rule, as `ops programme:set --merchant` writes it): 1.50% from 75 events, in force
 * since two months before `now`. The generated traffic puts the month a few events below it, with
 * open Ethoca alerts for the what-if. Deterministic: the row follows from `now` alone.
 */
export async function seedProgrammeRules(db: Db, now: number): Promise<void> {
  const m = await db.selectFrom('merchants').select('id').where('merchant_no', '=', '100001').executeTakeFirst();
  if (!m) return;
  const from = `${addMonths(businessDay(now).slice(0, 7), -2)}-01`;
  await upsertRule(
    db,
    {
      merchant_id: m.id,
      programme: 'vamp',
      line: 'excessive',
      effective_from: from,
      ratio_bp: 150,
      ratio_below_bp: null,
      min_count: 75,
      max_count: null,
    },
    now,
  );
}
