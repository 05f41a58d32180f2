import { ComplaintKind } from '@mbo/shared/complaints';
import { isLanguage } from '@mbo/shared/i18n';
import { raiseComplaint } from '../domains/risk/complaint-service';
import { AppError } from '../platform/errors';
import { toIso } from '../platform/time';
import { positiveInt, text, textOptions, UsageError, type Command } from './ops-common';

/** What acquirer staff do on the Risk menu's behalf: a cardholder's complaint or inquiry arrives. */
export const RISK_COMMANDS: Record<string, Command> = {
  'complaint:add': {
    summary: "record a cardholder's complaint or inquiry about a transaction (the merchant replies, refunds, or both)",
    usage:
      'complaint:add <tradeNo> --email cardholder@example.com --content "..." [--name TEXT] [--kind complaint|inquiry] [--language zhCn|zhHk|en] [--deadline-days 3]',
    options: { ...textOptions('email', 'content', 'name', 'kind', 'language', 'deadline-days') },
    positionals: ['tradeNo'],
    async run({ db, now }, values, [tradeNo]) {
      if (!tradeNo || !/^[A-Za-z0-9_-]{1,64}$/.test(tradeNo)) throw new UsageError('<tradeNo> must be a transaction order number');
      const email = text(values, 'email', true).trim();
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 100) throw new UsageError('--email must be an email address');
      const content = text(values, 'content', true).trim();
      if (content.length < 1 || content.length > 2000) throw new UsageError('--content must be 1 to 2000 characters');
      const kindName = text(values, 'kind') ?? 'complaint';
      if (kindName !== 'complaint' && kindName !== 'inquiry') throw new UsageError('--kind must be complaint or inquiry');
      const language = text(values, 'language') ?? 'en';
      if (!isLanguage(language)) throw new UsageError('--language must be zhCn, zhHk or en');
      const deadlineDays = positiveInt(text(values, 'deadline-days'), 'deadline-days', 3, 30);
      try {
        const at = now();
        const c = await raiseComplaint(db, tradeNo, {
          kind: kindName === 'inquiry' ? ComplaintKind.inquiry : ComplaintKind.complaint,
          email,
          name: (text(values, 'name') ?? '').slice(0, 100),
          language,
          content,
          deadlineDays,
          now: at,
        });
        console.log(`${c.complaintNo}  on ${tradeNo}, reply by ${toIso(at + deadlineDays * 86_400_000)}`);
      } catch (error) {
        if (error instanceof AppError) throw new UsageError(`no transaction ${tradeNo}`);
        throw error;
      }
    },
  },
};
