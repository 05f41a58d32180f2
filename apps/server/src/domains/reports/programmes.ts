import { addMonths } from '@mbo/shared/reports';
import type { TProgramme, TProgrammes } from '@mbo/shared/programmes';
import type { Db } from '../../db/database';
import { businessError } from '../../platform/errors';
import type { Scope } from '../../platform/scope';
import { businessMonth, evaluateProgramme, rulesInForce } from './programmes-math';
import * as programmeRepo from './programmes-repository';
import { schemeMonthFigures } from './repository';

/**
 * The card-scheme programmes of a month for the caller's gateways (README "Scheme programmes"):
 *
 * - VAMP: (TC40 fraud reports + TC15 disputes, RDR-resolved ones included) / TC05 settled Visa
 *   transactions of the same month (every payment here is card-not-present);
 * - VAMP enumeration: declined Visa attempts (the estimate of enumerated ones) / all Visa attempts;
 * - ECP: this month's Mastercard chargebacks / last month's Mastercard sales (approved count).
 *
 * The month is judged by the rule rows in force on its first day; the open Ethoca alerts count in the
 * current month's projection (chargebacks to come) and the what-if shows it without them.
 */
export async function programmeStatus(db: Db, scope: Scope, now: number, month?: string): Promise<TProgrammes> {
  const current = businessMonth(now);
  const m = month ? businessMonth(now, month) : current;
  if (m.month > current.month) throw businessError('report.futureMonth');
  const isCurrent = m.month === current.month;
  const [thisMonth, lastMonth, rows, open] = await Promise.all([
    schemeMonthFigures(db, scope, { fromMonth: m.month, toMonth: m.month }),
    schemeMonthFigures(db, scope, { fromMonth: addMonths(m.month, -1), toMonth: addMonths(m.month, -1), cardScheme: 'MASTERCARD' }),
    programmeRepo.listRuleRows(db, scope.merchantId),
    isCurrent ? programmeRepo.openEthocaByScheme(db, scope, now) : Promise.resolve(null),
  ]);
  const rules = rulesInForce(rows, scope.merchantId, m.month);
  const visa = thisMonth.find((r) => r.card_scheme === 'VISA');
  const mc = thisMonth.find((r) => r.card_scheme === 'MASTERCARD');
  const mcSales = lastMonth[0]?.success_count ?? 0;

  const fraudReports = visa?.fraud_report_count ?? 0;
  const disputes = visa?.chargeback_count ?? 0;
  const rdrResolved = visa?.rdr_count ?? 0;
  const settled = visa?.success_count ?? 0;
  const inputs: Record<TProgramme, Omit<Parameters<typeof evaluateProgramme>[0], 'programme' | 'rules' | 'month'>> = {
    vamp: {
      parts: { fraudReports, disputes, rdrResolved, settled },
      count: fraudReports + disputes + rdrResolved,
      base: settled,
      baseGrows: true,
      openEthoca: open ? (open.get('VISA') ?? 0) : null,
      rdrCounted: rdrResolved,
    },
    vampEnumeration: {
      parts: { declined: visa?.failed_count ?? 0, attempts: visa?.tx_count ?? 0 },
      count: visa?.failed_count ?? 0,
      base: visa?.tx_count ?? 0,
      baseGrows: true,
      openEthoca: null,
      rdrCounted: null,
    },
    ecp: {
      parts: { chargebacks: mc?.chargeback_count ?? 0, previousSales: mcSales },
      count: mc?.chargeback_count ?? 0,
      base: mcSales,
      baseGrows: false,
      openEthoca: open ? (open.get('MASTERCARD') ?? 0) : null,
      // RDR is Visa's: it resolves no Mastercard dispute.
      rdrCounted: null,
    },
  };
  const programmes = (Object.keys(inputs) as TProgramme[]).flatMap((programme) => {
    const own = rules.filter((r) => r.programme === programme);
    return own.length === 0 ? [] : [evaluateProgramme({ programme, rules: own, month: m, ...inputs[programme] })];
  });
  return { month: m.month, daysElapsed: m.daysElapsed, daysInMonth: m.daysInMonth, programmes };
}
