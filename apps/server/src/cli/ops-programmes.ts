import { formatBp } from '@mbo/shared/ratios';
import { isLineOf, PROGRAMME_LINES, PROGRAMMES, type TProgramme, type TProgrammes } from '@mbo/shared/programmes';
import { businessMonth, rulesInForce, type RuleRow } from '../domains/reports/programmes-math';
import { deleteRule, listRuleRows, upsertRule } from '../domains/reports/programmes-repository';
import { programmeStatus } from '../domains/reports/programmes';
import { merchantIdOrDefaults, merchantScope, text, textOptions, UsageError, type Command, type Values } from './ops-common';

/** Operator commands of the card-scheme programmes: their dated rules, for every merchant or one. */

/** "1.5" -> 150 basis points; at most two decimals, from 0 to 100 percent. */
export function percentToBp(raw: string, option = '--ratio'): number {
  const m = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(raw.trim());
  if (!m) throw new UsageError(`${option} must be a percentage with at most two decimals (e.g. 1.5), got "${raw}"`);
  const bp = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  if (bp <= 0 || bp > 10_000) throw new UsageError(`${option} must be above 0 and at most 100`);
  return bp;
}

function count(values: Values, name: string, required: boolean): number | null {
  const raw = required ? text(values, name, true) : text(values, name);
  if (raw === undefined) return null;
  if (!/^\d{1,9}$/.test(raw)) throw new UsageError(`--${name} must be a whole number, got "${raw}"`);
  return Number(raw);
}

/** The programme and line named on the command line, checked against each other. */
function programmeLine(values: Values): { programme: TProgramme; line: string } {
  const programme = text(values, 'programme', true);
  if (!(PROGRAMMES as readonly string[]).includes(programme)) throw new UsageError(`--programme must be one of ${PROGRAMMES.join(', ')}`);
  const p = programme as TProgramme;
  const line = text(values, 'line', true).toLowerCase();
  if (!isLineOf(p, line)) throw new UsageError(`--line of ${p} must be one of ${PROGRAMME_LINES[p].join(', ')}`);
  return { programme: p, line };
}

/** A programme judges whole months: a rule starts on the first day of one. */
function fromDate(values: Values): string {
  const from = text(values, 'from', true);
  if (!/^\d{4}-(0[1-9]|1[0-2])-01$/.test(from)) throw new UsageError(`--from must be the first day of a month (YYYY-MM-01), got "${from}"`);
  return from;
}

function bounds(r: Pick<RuleRow, 'ratio_bp' | 'ratio_below_bp' | 'min_count' | 'max_count'>): string {
  const ratio = r.ratio_below_bp === null ? `>= ${formatBp(r.ratio_bp)}` : `${formatBp(r.ratio_bp)} to below ${formatBp(r.ratio_below_bp)}`;
  const events = r.max_count === null ? `>= ${r.min_count}` : `${r.min_count} to ${r.max_count}`;
  return `ratio ${ratio}, events ${events}`;
}

/** The status lines of `monitoring:show`: each programme's figures and each line with its count gate. */
export function printProgrammes(s: TProgrammes): void {
  console.log(`programmes for ${s.month} (day ${s.daysElapsed} of ${s.daysInMonth}):`);
  if (s.programmes.length === 0) console.log('  no programme rule in force for this month');
  for (const p of s.programmes) {
    const f = (label: string, x: (typeof p)['mtd']) =>
      `  ${p.programme.padEnd(15)} ${label.padEnd(10)} ${String(x.count).padStart(7)} / ${String(x.base).padEnd(9)} = ${formatBp(x.ratioBp).padStart(7)}  tier ${x.tier ?? 'none'}`;
    console.log(f('to date', p.mtd));
    console.log(f('projected', p.projected));
    for (const l of p.lines)
      console.log(
        `    ${l.line.padEnd(9)} ${bounds({ ratio_bp: l.ratioBp, ratio_below_bp: l.ratioBelowBp, min_count: l.minCount, max_count: l.maxCount })}` +
          ` (from ${l.effectiveFrom}${l.own ? ', own' : ''}): ${l.mtdReached ? 'reached' : l.eventsLeft === null ? 'out of reach' : `${l.eventsLeft} events left`}`,
      );
    if (p.whatIf)
      console.log(
        `    what-if: ${p.whatIf.openEthoca} open Ethoca alerts refunded in time -> ${formatBp(p.whatIf.ifRefunded.ratioBp)} tier ${p.whatIf.ifRefunded.tier ?? 'none'}` +
          (p.whatIf.rdrCounted === null ? '' : `; ${p.whatIf.rdrCounted} RDR-resolved disputes still count`),
      );
  }
}

export const PROGRAMME_COMMANDS: Record<string, Command> = {
  'programme:list': {
    summary: "list the card-scheme programme rules (the defaults, or a merchant's own and those in force for a month)",
    usage: 'programme:list [--merchant 100001] [--month YYYY-MM]',
    options: { merchant: { type: 'string' }, month: { type: 'string' } },
    async run({ db, now }, values) {
      const merchantNo = text(values, 'merchant');
      const merchantId = await merchantIdOrDefaults(db, values);
      const month = text(values, 'month') ?? businessMonth(now()).month;
      if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) throw new UsageError(`--month must be YYYY-MM, got "${month}"`);
      const rows = await listRuleRows(db, merchantId);
      console.log(
        merchantNo ? `rules of merchant ${merchantNo} (own rows, then the defaults):` : 'default rules (every merchant without its own):',
      );
      for (const r of [...rows].sort((a, b) => b.merchant_id - a.merchant_id))
        console.log(
          `  ${r.merchant_id === 0 ? 'default' : 'own    '} ${r.programme.padEnd(15)} ${r.line.padEnd(9)} from ${r.effective_from}  ${bounds(r)}`,
        );
      console.log(`in force for ${month}:`);
      for (const r of rulesInForce(rows, merchantId, month))
        console.log(
          `  ${r.programme.padEnd(15)} ${r.line.padEnd(9)} ${bounds({ ratio_bp: r.ratioBp, ratio_below_bp: r.ratioBelowBp, min_count: r.minCount, max_count: r.maxCount })} (from ${r.effectiveFrom}${r.own ? ', own' : ''})`,
        );
    },
  },

  'programme:set': {
    summary: 'add or change a dated programme rule (for every merchant, or one): in force from the first day of a month',
    usage:
      'programme:set --programme vamp|vampEnumeration|ecp --line excessive|cmm|ecm|hecm --from YYYY-MM-01 --ratio <percent> [--ratio-below <percent>] --min-count N [--max-count N] [--merchant 100001]',
    options: { ...textOptions('programme', 'line', 'from', 'ratio', 'ratio-below', 'min-count', 'max-count', 'merchant') },
    async run({ db, now }, values) {
      const { programme, line } = programmeLine(values);
      const effectiveFrom = fromDate(values);
      const ratioBp = percentToBp(text(values, 'ratio', true));
      const below = text(values, 'ratio-below');
      const ratioBelowBp = below === undefined ? null : percentToBp(below, '--ratio-below');
      if (ratioBelowBp !== null && ratioBelowBp <= ratioBp) throw new UsageError('--ratio-below must be above --ratio');
      const minCount = count(values, 'min-count', true) ?? 0;
      const maxCount = count(values, 'max-count', false);
      if (maxCount !== null && maxCount < minCount) throw new UsageError('--max-count must be at least --min-count');
      const merchantNo = text(values, 'merchant');
      const row: RuleRow = {
        merchant_id: await merchantIdOrDefaults(db, values),
        programme,
        line,
        effective_from: effectiveFrom,
        ratio_bp: ratioBp,
        ratio_below_bp: ratioBelowBp,
        min_count: minCount,
        max_count: maxCount,
      };
      await upsertRule(db, row, now());
      console.log(
        `${programme} ${line} from ${effectiveFrom}: ${bounds(row)}, for ${merchantNo ? `merchant ${merchantNo}` : 'every merchant'}`,
      );
    },
  },

  'programme:remove': {
    summary: 'remove one dated programme rule (a merchant then follows the defaults again)',
    usage: 'programme:remove --programme vamp|vampEnumeration|ecp --line excessive|cmm|ecm|hecm --from YYYY-MM-01 [--merchant 100001]',
    options: { programme: { type: 'string' }, line: { type: 'string' }, from: { type: 'string' }, merchant: { type: 'string' } },
    async run({ db }, values) {
      const { programme, line } = programmeLine(values);
      const effectiveFrom = fromDate(values);
      const merchantNo = text(values, 'merchant');
      const key = { merchant_id: await merchantIdOrDefaults(db, values), programme, line, effective_from: effectiveFrom };
      if ((await deleteRule(db, key)) === 0) throw new UsageError(`no ${programme} ${line} rule from ${effectiveFrom} to remove`);
      console.log(`removed ${programme} ${line} from ${effectiveFrom} for ${merchantNo ? `merchant ${merchantNo}` : 'every merchant'}`);
    },
  },
};

/** Used by `monitoring:show --merchant`. */
export async function showMerchantProgrammes(db: Parameters<typeof merchantScope>[0], merchantNo: string, now: number): Promise<void> {
  printProgrammes(await programmeStatus(db, await merchantScope(db, merchantNo), now));
}
