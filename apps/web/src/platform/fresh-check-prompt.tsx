import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { Alert, Button, Divider, Form, Modal, Radio, Skeleton } from 'antd';
import { KeyOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { PasskeyPath, TFreshCheckBody, TSecuritySettings, TWebAuthnOptions } from '@mbo/shared/passkeys';
import { CodeFormItem } from './code-form-item';
import { signWithPasskey } from './passkey-ceremony';
import { http } from './request';

type TChannel = TSecuritySettings['codeChannels'][number];
/*
 * Type-only ties to the shared contract: the app frame reaches this module, and loading the contract
 * (and what it imports) here would send other screens' texts with every screen (build/locale-parts.ts).
 */
const path: Pick<typeof PasskeyPath, 'securitySettings' | 'checkOptions' | 'freshCheck' | 'freshCheckSendCode'> = {
  securitySettings: '/auth/securitySettings',
  checkOptions: '/auth/passkeys/checkOptions',
  freshCheck: '/auth/freshCheck',
  freshCheckSendCode: '/auth/freshCheck/sendCode',
};
/** What freshCheck/sendCode answers (ZCodeSent). */
type TCodeSent = { sentTo: string; resendAfterSeconds?: number };

function passCheck(body: TFreshCheckBody): Promise<unknown> {
  return http.post(path.freshCheck, body, { repeatSubmit: false });
}

/**
 * The fresh-check prompt (platform/fresh-check.ts opens it): the session's holder proves themselves
 * again with a passkey, when they have one, or a code sent to their mobile or email.
 */
function FreshCheckPrompt({ onDone }: { onDone: (passed: boolean) => void }) {
  const { t } = useTranslation();
  const [ways, setWays] = useState<TSecuritySettings | null | 'failed'>(null);
  const [channel, setChannel] = useState<TChannel | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    http.get<TSecuritySettings>(path.securitySettings).then(
      (settings) => {
        setWays(settings);
        setChannel(settings.codeChannels[0] ?? null);
      },
      () => setWays('failed'),
    );
  }, []);

  const run = async (step: () => Promise<unknown>) => {
    if (busy) return;
    setBusy(true);
    try {
      await step();
      onDone(true);
    } catch {
      // The request client or the passkey ceremony has told the person what went wrong.
      setBusy(false);
    }
  };

  const byPasskey = () =>
    run(async () => {
      const options = await http.post<TWebAuthnOptions>(path.checkOptions, undefined, { repeatSubmit: false });
      await passCheck({ method: 'passkey', response: await signWithPasskey(options) });
    });

  const sendCode = async () => {
    if (!channel) return undefined;
    const sent = await http.post<TCodeSent>(path.freshCheckSendCode, { channel }).catch(() => undefined);
    setSentTo(sent?.sentTo ?? null);
    return sent;
  };

  const settings = ways !== null && ways !== 'failed' ? ways : null;
  return (
    <Modal
      open
      title={
        <span>
          <SafetyCertificateOutlined style={{ marginRight: 8 }} />
          {t('freshCheck.title')}
        </span>
      }
      footer={null}
      onCancel={() => onDone(false)}
      mask={{ closable: false }}
      keyboard={!busy}
      destroyOnHidden
      modalRender={(node) => <div data-testid="fresh-check-prompt">{node}</div>}
    >
      <p>{t('freshCheck.text')}</p>
      {ways === null ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : ways === 'failed' ? (
        <Alert type="error" showIcon title={t('common.loadFailed')} />
      ) : null}
      {settings?.canPasskey && (
        <Button
          type="primary"
          block
          icon={<KeyOutlined />}
          loading={busy}
          onClick={() => void byPasskey()}
          data-testid="fresh-check-passkey"
        >
          {t('freshCheck.usePasskey')}
        </Button>
      )}
      {settings?.canPasskey && settings.codeChannels.length > 0 && <Divider plain>{t('freshCheck.or')}</Divider>}
      {settings && channel && (
        <Form<{ code: string }>
          layout="vertical"
          requiredMark={false}
          onFinish={(values) => void run(() => passCheck({ method: 'code', channel, code: values.code }))}
        >
          {settings.codeChannels.length > 1 && (
            <Form.Item label={t('freshCheck.channel')}>
              <Radio.Group
                value={channel}
                onChange={(event) => {
                  setChannel(event.target.value as TChannel);
                  setSentTo(null);
                }}
                options={settings.codeChannels.map((c) => ({ value: c, label: t(`freshCheck.channels.${c}`) }))}
              />
            </Form.Item>
          )}
          <CodeFormItem key={channel} sendTestId="fresh-check-send" onSend={sendCode} sentTo={sentTo} />
          <Button htmlType="submit" block loading={busy} data-testid="fresh-check-submit">
            {t('freshCheck.submitCode')}
          </Button>
        </Form>
      )}
      {settings && !settings.canPasskey && settings.codeChannels.length === 0 && (
        <Alert type="warning" showIcon title={t('freshCheck.noWay')} />
      )}
      <Button type="link" block onClick={() => onDone(false)} disabled={busy} data-testid="fresh-check-cancel" style={{ marginTop: 8 }}>
        {t('common.cancel')}
      </Button>
    </Modal>
  );
}

/**
 * Renders the prompt outside any screen, inside the app's providers (theme, component size, language)
 * that the caller hands in; resolves whether the check passed.
 */
export function openFreshCheckPrompt(Providers: ComponentType<{ children: ReactNode }>): Promise<boolean> {
  return new Promise((resolve) => {
    const host = document.createElement('div');
    document.body.appendChild(host);
    const root = createRoot(host);
    const done = (passed: boolean) => {
      root.unmount();
      host.remove();
      resolve(passed);
    };
    root.render(
      <Providers>
        <FreshCheckPrompt onDone={done} />
      </Providers>,
    );
  });
}
