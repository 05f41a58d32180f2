import { Alert, Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TResendVerifyEmailBody } from '@mbo/shared/onboarding';
import { EmailField } from '../../../platform/email-input';
import { useResendVerifyEmail } from '../api/resend-verify-email';

/** Asks for a new verification link; the email is prefilled when the session knows it. */
export function ResendVerificationForm({ initialEmail }: { initialEmail: string }) {
  const { t } = useTranslation();
  const resend = useResendVerifyEmail();

  if (resend.isSuccess) {
    return (
      <Alert
        type="success"
        showIcon
        title={t('verifyEmail.resentHint', { email: resend.variables.email })}
        data-testid="verify-email-resent"
      />
    );
  }
  return (
    <Form<TResendVerifyEmailBody>
      layout="vertical"
      requiredMark={false}
      initialValues={{ email: initialEmail }}
      onFinish={(values) => resend.mutate({ email: values.email.trim() })}
      style={{ textAlign: 'left' }}
    >
      <EmailField label={t('verifyEmail.resendLabel')} />
      <Button type="primary" htmlType="submit" block loading={resend.isPending} data-testid="verify-email-resend">
        {t('verifyEmail.resend')}
      </Button>
    </Form>
  );
}
