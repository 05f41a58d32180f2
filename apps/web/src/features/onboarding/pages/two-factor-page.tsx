import { useState } from 'react';
import { Button, Divider, Form, Radio } from 'antd';
import { KeyOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import type { TLoginResult } from '@mbo/shared/auth';
import type { TCodeChannel, TTwoFAVerifyBody } from '@mbo/shared/onboarding';
import { CodeFormItem } from '../../../platform/code-form-item';
import { FormSubmitButton } from '../../../platform/form-submit-button';
import { maskEmail, maskMobile } from '../../../platform/mask';
import { PlainFrame } from '../../../platform/plain-frame';
import { storeLoginResult, useSession } from '../../../platform/session';
import { useSendSessionCode } from '../api/send-session-code';
import { useVerifyTwoFactor } from '../api/verify-two-factor';
import { passTwoFactorWithPasskey } from '../api/passkey-two-factor';
import { useAction } from '../../../platform/use-action';
import { SignOutButton } from '../components/sign-out-button';
import { ResultTitle } from '../../../platform/page';

/**
 * `/twoFA`: the guard's step 3.1 holds a session with requires2FA 1 here. A code goes to the
 * person's mobile or email (or one of their passkeys signs); the right one answers a new session (requires2FA 0) that replaces the
 * held one, and the guard lets the person on.
 */
export function TwoFactorPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const user = session.userInfo;
  const mobile = user?.mobile ?? '';
  const email = user?.email ?? '';
  const [channel, setChannel] = useState<TCodeChannel>(mobile ? 'sms' : 'email');
  const sendCode = useSendSessionCode();
  const verify = useVerifyTwoFactor();
  const byPasskey = useAction(passTwoFactorWithPasskey);
  const passed = (result: TLoginResult) => {
    storeLoginResult(result);
    void navigate('/', { replace: true });
  };

  if (session.loaded && session.kycInfo?.requires2FA !== 1) return <Navigate to="/" replace />;

  const options = [
    ...(mobile
      ? [{ value: 'sms', label: <span data-testid="twofa-channel-sms">{t('twoFA.toMobile', { target: maskMobile(mobile) })}</span> }]
      : []),
    ...(email
      ? [{ value: 'email', label: <span data-testid="twofa-channel-email">{t('twoFA.toEmail', { target: maskEmail(email) })}</span> }]
      : []),
  ];

  return (
    <PlainFrame>
      <section className="mbo-plain-card">
        <ResultTitle>
          <SafetyCertificateOutlined style={{ color: '#409eff', marginRight: 8 }} />
          {t('twoFA.title')}
        </ResultTitle>
        <p className="mbo-plain-card__subtitle">{t('twoFA.subtitle')}</p>
        <Form<TTwoFAVerifyBody>
          layout="vertical"
          requiredMark={false}
          onFinish={(values) =>
            verify.mutate(
              { code: values.code.trim() },
              {
                onSuccess: passed,
              },
            )
          }
        >
          <Form.Item label={t('twoFA.channel')}>
            <Radio.Group
              value={channel}
              onChange={(event) => {
                setChannel(event.target.value as TCodeChannel);
                sendCode.reset();
              }}
              options={options}
              style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
            />
          </Form.Item>
          <CodeFormItem
            key={channel}
            sendTestId="twofa-send"
            onSend={() => sendCode.mutateAsync({ purpose: 'twoFA', channel }).catch(() => undefined)}
            sentTo={sendCode.data?.sentTo}
          />
          <FormSubmitButton pending={verify.isPending} testId="twofa-submit" marginBottom={24}>
            {t('twoFA.submit')}
          </FormSubmitButton>
        </Form>
        <Divider plain>{t('twoFA.or')}</Divider>
        <Button
          block
          icon={<KeyOutlined />}
          loading={byPasskey.isPending}
          onClick={() => void byPasskey.run(undefined).then((result) => result && passed(result))}
          data-testid="twofa-passkey"
        >
          {t('twoFA.usePasskey')}
        </Button>
        <div className="mbo-plain-card__footer">
          <SignOutButton />
        </div>
      </section>
    </PlainFrame>
  );
}
