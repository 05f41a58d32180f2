import { Alert, Button, Descriptions, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TLoginResult } from '@mbo/shared/auth';
import type { EMAIL_VERIFY_TTL_HOURS } from '@mbo/shared/onboarding';
import { useResendVerifyEmail } from '../api/resend-verify-email';
import { ResultTitle } from '../../../platform/page';

/** Tied to the contract by a type-only import (the contract's module would load its schemas). */
const LINK_HOURS: typeof EMAIL_VERIFY_TTL_HOURS = 24;

type TRegisterDoneProps = {
  result: TLoginResult;
  email: string;
  onContinue: () => void;
};

/**
 * After sign-up: check the mailbox for the verification link. The new session is kept aside until
 * the person continues, so this notice is not replaced at once by the activation screen.
 */
export function RegisterDone({ result, email, onContinue }: TRegisterDoneProps) {
  const { t } = useTranslation();
  const resend = useResendVerifyEmail();
  return (
    <Result
      status="success"
      title={<ResultTitle testId="register-done">{t('register.doneTitle')}</ResultTitle>}
      subTitle={t('register.doneCheckEmail', { email, hours: LINK_HOURS })}
      extra={
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Alert type="info" showIcon title={t('register.doneEmailLoginNote')} style={{ textAlign: 'left' }} />
          <Descriptions
            size="small"
            column={1}
            bordered
            items={[
              {
                key: 'merchantNo',
                label: t('register.merchantNo'),
                children: <span data-testid="register-merchant-no">{result.userInfo.merchantNo}</span>,
              },
              { key: 'loginName', label: t('register.loginName'), children: result.userInfo.loginName },
            ]}
          />
          <Space wrap style={{ justifyContent: 'center' }}>
            <Button type="primary" onClick={onContinue} data-testid="register-continue">
              {t('register.continue')}
            </Button>
            <Button
              loading={resend.isPending}
              disabled={resend.isSuccess}
              onClick={() => resend.mutate({ email })}
              data-testid="register-resend-email"
            >
              {resend.isSuccess ? t('verifyEmail.resent') : t('verifyEmail.resend')}
            </Button>
          </Space>
        </Space>
      }
    />
  );
}
