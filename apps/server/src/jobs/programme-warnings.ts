import { formatBp } from '@mbo/shared/ratios';
import { DEFAULT_LANGUAGE, isLanguage, type TLanguage } from '@mbo/shared/i18n';
import type { TProgrammeLineStatus, TProgrammeStatus } from '@mbo/shared/programmes';
import type { Db } from '../db/database';
import { programmeStatus } from '../domains/reports/programmes';
import { businessMonth } from '../domains/reports/programmes-math';
import { claimWarning, merchantsActiveIn } from '../domains/reports/programmes-repository';
import { findMerchantName, ownerAddresses } from '../domains/webhooks/delivery-repository';
import { translate } from '../platform/i18n';
import { scheduleLeasedJob } from '../platform/job-lease';
import type { MessageKey } from '../platform/messages';
import type { Notifier } from '../platform/notifier';
import { administratorScopes, operatorScope } from '../platform/scope';

/*
 * Programme warnings (issue 49 §2; domains/reports/README.md, "Scheme programmes"). Every hour, on one
 * node (job-lease), each merchant with Visa or Mastercard activity this month is measured over all its
 * gateways; every line its month-end projection reaches is told once per month: a message reminder to
 * each administrator who sees every gateway (the figure is the whole merchant's, which an administrator
 * limited to some gateways may not see) and a mail to each owner. The (merchant, programme, line,
 * month) row is claimed in the transaction that writes the reminders, so two runs or two nodes warn
 * once; the mails follow the commit. An hourly job rather than a check on each rollup change: a
 * projection moves with the day as well as with the events, and a payment's write should not wait for
 * a programme's arithmetic.
 */
export const PROGRAMME_WARNING_INTERVAL_MS = 60 * 60_000;

type Crossed = { programme: TProgrammeStatus; line: TProgrammeLineStatus };

function params(lang: TLanguage, c: Crossed, month: string) {
  const l = c.line;
  const threshold = l.ratioBelowBp === null ? `≥ ${formatBp(l.ratioBp)}` : `${formatBp(l.ratioBp)} - ${formatBp(l.ratioBelowBp - 1)}`;
  return {
    programme: translate(lang, `programme.name.${c.programme.programme}` as MessageKey),
    line: translate(lang, `programme.line.${l.line}` as MessageKey),
    month,
    ratio: formatBp(c.programme.projected.ratioBp),
    count: c.programme.projected.count,
    threshold,
    minCount: l.maxCount === null ? l.minCount : `${l.minCount} - ${l.maxCount}`,
  };
}

/** Returns the number of lines warned about. */
export async function runProgrammeWarnings(db: Db, notifier: Pick<Notifier, 'mail' | 'link'>, now: number): Promise<number> {
  const { month } = businessMonth(now);
  let warned = 0;
  for (const merchantId of await merchantsActiveIn(db, month)) {
    const status = await programmeStatus(db, operatorScope(merchantId), now);
    const crossed: Crossed[] = status.programmes.flatMap((p) =>
      p.lines.filter((l) => l.projectedReached).map((line) => ({ programme: p, line })),
    );
    if (crossed.length === 0) continue;
    const admins = (await administratorScopes(db, merchantId)).filter((s) => s.gatewayIds === null);
    for (const c of crossed) {
      const claimed = await db.transaction().execute(async (trx) => {
        const key = { merchantId, programme: c.programme.programme, line: c.line.line, month, now };
        if (!(await claimWarning(trx, key))) return false;
        if (admins.length > 0) {
          const text = (lang: TLanguage) => translate(lang, 'programme.warning', params(lang, c, month));
          await trx
            .insertInto('reminders')
            .values(
              admins.map((a) => ({
                merchant_id: merchantId,
                admin_id: a.adminId,
                content_zh_cn: text('zhCn'),
                content_zh_hk: text('zhHk'),
                content_en: text('en'),
                created_at: now,
              })),
            )
            .execute();
        }
        return true;
      });
      if (!claimed) continue;
      warned += 1;
      const merchant = await findMerchantName(db, merchantId);
      for (const owner of await ownerAddresses(db, merchantId)) {
        const lang: TLanguage = owner.language && isLanguage(owner.language) ? owner.language : DEFAULT_LANGUAGE;
        await notifier.mail.send(owner.to, lang, 'programmeWarning', {
          ...params(lang, c, month),
          merchantName: merchant.name,
          merchantNo: merchant.merchant_no,
          link: notifier.link('signIn'),
        });
      }
    }
  }
  return warned;
}

/** Runs the job now and every hour, on one node at a time. Returns a stop function. */
export function scheduleProgrammeWarnings(
  db: Db,
  notifier: Pick<Notifier, 'mail' | 'link'>,
  now: () => number,
  log: (error: unknown) => void,
): () => void {
  return scheduleLeasedJob(
    db,
    { name: 'programme-warnings', intervalMs: PROGRAMME_WARNING_INTERVAL_MS },
    now,
    (at) => runProgrammeWarnings(db, notifier, at),
    log,
  );
}
