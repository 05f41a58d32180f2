import { formatBp } from '@mbo/shared/ratios';
import type { TLanguage } from '@mbo/shared/i18n';
import type { TProgrammeLineStatus, TProgrammeStatus } from '@mbo/shared/programmes';
import type { Db } from '../db/database';
import { programmeStatus } from '../domains/reports/programmes';
import { businessMonth } from '../domains/reports/programmes-math';
import { claimWarning, merchantsActiveIn } from '../domains/reports/programmes-repository';
import { sendNotificationMails } from '../domains/notifications/mail-sender';
import { notify, textsOf } from '../domains/notifications/notify';
import { findMerchantName } from '../domains/webhooks/delivery-repository';
import { translate } from '../platform/i18n';
import { scheduleLeasedJob } from '../platform/job-lease';
import type { MessageKey } from '../platform/messages';
import type { Notifier } from '../platform/notifier';
import { administratorScopes, operatorScope } from '../platform/scope';

/*
 * Programme warnings (issue 49 §2; domains/reports/README.md, "Scheme programmes"). Every hour, on one
 * node (job-lease), each merchant with Visa or Mastercard activity this month is measured over all its
 * gateways; every line its month-end projection reaches is told once per month through the
 * notification centre (domains/notifications) to each administrator who sees every gateway (the figure
 * is the whole merchant's, which an administrator limited to some gateways may not see), in the bell and
 * by mail as each one chooses (owners get the mail unless they turn it off). The (merchant, programme,
 * line, month) row is claimed in the transaction that writes the notifications, so two runs or two nodes
 * warn once; the mails follow the commit. An hourly job rather than a check on each rollup change: a
 * projection moves with the day as well as with the events, and a payment's write should not wait for
 * a programme's arithmetic.
 */
export const PROGRAMME_WARNING_INTERVAL_MS = 60 * 60_000;

/** The screen of the programmes (the statistics screen), which a warning opens. */
const PROGRAMME_SCREEN = '/statistics/tnx/chargebackRefund';

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
    const merchant = await findMerchantName(db, merchantId);
    for (const c of crossed) {
      const claimed = await db.transaction().execute(async (trx) => {
        const key = { merchantId, programme: c.programme.programme, line: c.line.line, month, now };
        if (!(await claimWarning(trx, key))) return false;
        const mailParams = (lang: TLanguage) => ({
          ...params(lang, c, month),
          merchantName: merchant.name,
          merchantNo: merchant.merchant_no,
          link: notifier.link('signIn'),
        });
        await notify(trx, {
          merchantId,
          kind: 'programmeRatio',
          recipients: admins.map((a) => a.adminId),
          eventKey: `programme:${c.programme.programme}:${c.line.line}:${month}`,
          text: textsOf('programme.warning', (lang) => params(lang, c, month)),
          link: PROGRAMME_SCREEN,
          mail: { kind: 'programmeWarning', params: { zhCn: mailParams('zhCn'), zhHk: mailParams('zhHk'), en: mailParams('en') } },
          at: now,
        });
        return true;
      });
      if (claimed) warned += 1;
    }
  }
  // The mails of those who want them (owners by default) follow the commit.
  if (warned > 0) await sendNotificationMails(db, notifier);
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
