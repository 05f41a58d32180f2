import { MONITORING_PROGRAMS, formatBp, type TMonitoringLevel, type TMonitoringProgram } from '@mbo/shared/reports';
import { monitoring, resolveThresholds } from '../domains/reports/service';
import { listThresholds, upsertThreshold } from '../domains/reports/repository';
import { rebuildRollups, verifyRollups } from '../platform/rollups';
import { merchantIdOption, merchantIdOrDefaults, merchantScope, text, textOptions, UsageError, type Command } from './ops-common';
import { percentToBp, showMerchantProgrammes } from './ops-programmes';

/** Operator commands of reports: card-scheme monitoring thresholds, and rebuilding / checking the daily rollups. */

const LEVEL_ALIASES: Record<string, TMonitoringLevel> = {
  warning: 'warning',
  excessive: 'excessive',
  'high-excessive': 'highExcessive',
  highexcessive: 'highExcessive',
};

export const REPORT_COMMANDS: Record<string, Command> = {
  'monitoring:show': {
    summary:
      "show card-scheme monitoring thresholds (the defaults, or a merchant's with its current VAMP / ECP status and its programme rules' status with their count gates)",
    usage: 'monitoring:show [--merchant 100001]',
    options: { merchant: { type: 'string' } },
    async run({ db, now }, values) {
      const merchantNo = text(values, 'merchant');
      const merchantId = await merchantIdOrDefaults(db, values);
      const thresholds = resolveThresholds(await listThresholds(db, merchantId), merchantId);
      console.log(merchantNo ? `thresholds of merchant ${merchantNo}:` : 'default thresholds (every merchant without its own):');
      for (const program of MONITORING_PROGRAMS)
        for (const t of thresholds[program])
          console.log(`  ${program.padEnd(5)} ${t.level.padEnd(14)} ratio ${formatBp(t.ratioBp).padStart(7)}  min count ${t.minCount}`);
      if (!merchantNo) return;
      const status = await monitoring(db, await merchantScope(db, merchantNo), now());
      console.log(`status for ${status.month} (day ${status.daysElapsed} of ${status.daysInMonth}):`);
      for (const p of status.programs) {
        const line = (label: string, f: (typeof p)['mtd']) =>
          `  ${p.program.padEnd(5)} ${label.padEnd(10)} ${String(f.count).padStart(7)} / ${String(f.base).padEnd(9)} = ${formatBp(f.ratioBp).padStart(7)}  level ${f.level ?? 'none'}`;
        console.log(line('to date', p.mtd));
        console.log(line('projected', p.projected));
      }
      // The dated programme rules (programme:set), with the count gates the thresholds above lack.
      await showMerchantProgrammes(db, merchantNo, now());
    },
  },

  'monitoring:set': {
    summary: 'set a monitoring threshold of the older status (the programme rules of programme:set are what warns)',
    usage:
      'monitoring:set --program vamp|ecp --level warning|excessive|high-excessive --ratio <percent> [--min-count N] [--merchant 100001]',
    options: { ...textOptions('program', 'level', 'ratio', 'min-count', 'merchant') },
    async run({ db, now }, values) {
      const program = text(values, 'program', true).toLowerCase();
      if (!(MONITORING_PROGRAMS as readonly string[]).includes(program))
        throw new UsageError(`--program must be one of ${MONITORING_PROGRAMS.join(', ')}`);
      const level = LEVEL_ALIASES[text(values, 'level', true).toLowerCase()];
      if (!level) throw new UsageError(`--level must be one of warning, excessive, high-excessive`);
      const ratioBp = percentToBp(text(values, 'ratio', true));
      const rawMin = text(values, 'min-count') ?? '0';
      const minCount = Number(rawMin);
      if (!/^\d{1,9}$/.test(rawMin)) throw new UsageError(`--min-count must be a whole number, got "${rawMin}"`);
      const merchantNo = text(values, 'merchant');
      const merchantId = await merchantIdOrDefaults(db, values);
      await upsertThreshold(db, { merchantId, program: program as TMonitoringProgram, level, ratioBp, minCount, now: now() });
      console.log(
        `${program} ${level}: ratio ${formatBp(ratioBp)}, min count ${minCount}, for ${merchantNo ? `merchant ${merchantNo}` : 'every merchant'}`,
      );
    },
  },

  'rollups:rebuild': {
    summary: 'recompute the rollups (per scheme, day and month) from the raw rows (one merchant, or all)',
    usage: 'rollups:rebuild [--merchant 100001]',
    options: { merchant: { type: 'string' } },
    async run({ db }, values) {
      const merchantNo = text(values, 'merchant');
      const merchantId = await merchantIdOption(db, values);
      const started = Date.now();
      const n = await rebuildRollups(db, merchantId);
      console.log(`rebuilt ${n} rollup rows for ${merchantNo ? `merchant ${merchantNo}` : 'every merchant'} in ${Date.now() - started} ms`);
    },
  },

  'rollups:verify': {
    summary: 'recompute the rollups in memory and print every difference from the stored ones (writes nothing)',
    usage: 'rollups:verify [--merchant 100001]',
    options: { merchant: { type: 'string' } },
    async run({ db }, values) {
      const merchantId = await merchantIdOption(db, values);
      const { checked, problems } = await verifyRollups(db, merchantId);
      if (problems.length === 0) {
        console.log(`rollups match the raw rows (${checked} rows checked: per scheme, per day and per month)`);
        return;
      }
      for (const p of problems) console.log(p);
      throw new UsageError(`${problems.length} rollup rows differ from the raw rows; run rollups:rebuild to fix them`);
    },
  },
};
