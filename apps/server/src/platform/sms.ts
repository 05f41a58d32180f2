import type { TLanguage } from '@mbo/shared/i18n';
import type { Db } from '../db/database';
import type { NotifyLog } from './mail';
import type { Clock } from './time';

/** A way to deliver a text message. `send` resolves when the provider accepted it and throws otherwise. */
export type SmsProvider = { name: string; deliversForReal: boolean; send: (to: string, text: string) => Promise<void> };

/** Development default: nothing leaves the machine; the message stays in `sms_outbox` and the log. */
export const outboxSmsProvider: SmsProvider = { name: 'outbox', deliversForReal: false, send: () => Promise.resolve() };

/** Production path: POSTs `{to, text}` as JSON to the gateway, with the token as a bearer credential. */
export function httpSmsProvider(url: string, token: string | null): SmsProvider {
  return {
    name: 'http',
    deliversForReal: true,
    async send(to, text) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ to, text }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`SMS gateway answered HTTP ${res.status}`);
    },
  };
}

export type SmsStatus = 'sent' | 'failed' | 'outbox';
export type SmsSender = { send: (to: string, language: TLanguage, text: string) => Promise<{ id: number; status: SmsStatus }> };

export function createSmsSender(o: { db: Db; now: Clock; log: NotifyLog; provider: SmsProvider }): SmsSender {
  return {
    async send(to, language, text) {
      let status: SmsStatus = o.provider.deliversForReal ? 'sent' : 'outbox';
      let error = '';
      try {
        await o.provider.send(to, text);
      } catch (e) {
        status = 'failed';
        error = e instanceof Error ? e.message.slice(0, 500) : String(e).slice(0, 500);
      }
      const row = await o.db
        .insertInto('sms_outbox')
        .values({ to_number: to, text_body: text, language, status, provider: o.provider.name, error, created_at: o.now() })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (status === 'outbox') o.log.info({ smsId: row.id, to }, `SMS kept in the outbox (no SMS_HTTP_URL): ${text}`);
      else if (status === 'failed') o.log.error({ smsId: row.id, to, error }, 'SMS delivery failed');
      else o.log.info({ smsId: row.id, to }, 'SMS sent');
      return { id: row.id, status };
    },
  };
}
