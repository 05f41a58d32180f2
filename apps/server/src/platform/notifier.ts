import { OnboardingLink } from '@mbo/shared/onboarding-paths';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { createMailer, type Mailer, type NotifyLog } from './mail';
import { createSmsSender, httpSmsProvider, outboxSmsProvider, type SmsProvider, type SmsSender } from './sms';
import { createFileStorage, type FileStorage } from './storage';
import type { Clock } from './time';

export type LinkKind = keyof typeof OnboardingLink;

/** Everything that reaches a person outside the web app: mail, SMS and the links they carry. */
export type Notifier = {
  mail: Mailer;
  sms: SmsSender;
  /** `<APP_URL><page>?<param>=<token>` for a page of the web app. */
  link: (kind: LinkKind, token?: string) => string;
  close: () => void;
};

export function createNotifier(o: {
  config: Config;
  db: Db;
  now: Clock;
  log: NotifyLog;
  smsProvider?: SmsProvider;
  /** Where mail attachments are read from (the app's storage; built from the configuration when absent). */
  files?: FileStorage;
}): Notifier {
  const { config } = o;
  const provider = o.smsProvider ?? (config.smsHttpUrl ? httpSmsProvider(config.smsHttpUrl, config.smsHttpToken) : outboxSmsProvider);
  const files = o.files ?? createFileStorage(config.fileStorage, config.dataDir);
  const mail = createMailer({ db: o.db, now: o.now, log: o.log, smtpUrl: config.smtpUrl, from: config.smtpFrom, files });
  return {
    mail,
    sms: createSmsSender({ db: o.db, now: o.now, log: o.log, provider }),
    link(kind, token) {
      const target = OnboardingLink[kind];
      const base = `${config.appUrl}${target.path}`;
      return token && target.param ? `${base}?${target.param}=${encodeURIComponent(token)}` : base;
    },
    close: () => mail.close(),
  };
}

/** Log adapter for the operator commands: mail and SMS notes go to stderr, like the other diagnostics. */
export const consoleNotifyLog: NotifyLog = {
  info: (_obj, msg) => console.error(msg),
  error: (obj, msg) => console.error(`${msg} ${JSON.stringify(obj)}`),
};
