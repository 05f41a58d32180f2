import { describe, expect, it } from 'vitest';
import { CODE_PURPOSES } from '@mbo/shared/onboarding';
import { NOTIFICATION_TEXTS, notificationText, renderMail, textToHtml, type NotificationKey } from './notification-texts';

const placeholders = (s: string) => [...new Set([...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort();

describe('mail and SMS texts', () => {
  it('have the same keys and placeholders in zh_CN, zh_HK and en', () => {
    const keys = Object.keys(NOTIFICATION_TEXTS.zhCn).sort();
    expect(Object.keys(NOTIFICATION_TEXTS.zhHk).sort()).toEqual(keys);
    expect(Object.keys(NOTIFICATION_TEXTS.en).sort()).toEqual(keys);
    for (const key of keys as NotificationKey[]) {
      for (const lang of ['zhCn', 'zhHk', 'en'] as const) expect(NOTIFICATION_TEXTS[lang][key].trim(), `${lang} ${key}`).not.toBe('');
      expect(placeholders(NOTIFICATION_TEXTS.zhHk[key]), key).toEqual(placeholders(NOTIFICATION_TEXTS.zhCn[key]));
      expect(placeholders(NOTIFICATION_TEXTS.en[key]), key).toEqual(placeholders(NOTIFICATION_TEXTS.zhCn[key]));
    }
  });

  it('name every code purpose', () => {
    for (const purpose of CODE_PURPOSES) expect(Object.keys(NOTIFICATION_TEXTS.en)).toContain(`purpose.${purpose}`);
  });

  it('fill the placeholders and build the HTML part from the text, with links and escaping', () => {
    expect(notificationText('en', 'sms.code', { code: '123456', minutes: 10, purpose: 'sign-in' })).toBe(
      '[Merchant back office] 123456 is your sign-in code, valid for 10 minutes. Do not share it.',
    );
    const mail = renderMail('zhHk', 'kycRejected', {
      businessName: 'A & B <Ltd>',
      merchantNo: '100009',
      reason: 'x',
      link: 'https://m.example/activate',
    });
    expect(mail.subject).toBe('A & B <Ltd>的資料審核未通過');
    expect(mail.html).toContain('A &amp; B &lt;Ltd&gt;');
    expect(mail.html).toContain('<a href="https://m.example/activate">https://m.example/activate</a>');
    expect(textToHtml('a\n\nb')).toContain('<p>a</p>\n<p>b</p>');
  });
});
