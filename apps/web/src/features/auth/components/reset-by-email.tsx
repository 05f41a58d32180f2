import { useState } from 'react';
import { Alert, Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RESET_LINK_TTL_MINUTES, TResetPwdSendEmailBody } from '@mbo/shared/onboarding';
import { EmailField } from '../../../platform/email-input';
import { useSendResetEmail } from '../api/send-reset-email';
import { FormSubmitButton } from '../../../platform/form-submit-button';

/** Tied to the contract by a type-only import (the contract's module would load its schemas). */
const LINK_MINUTES: typeof RESET_LINK_TTL_MINUTES = 30;

/** Forgot password by email: the server mails a link to /resetPassword (same answer for unknown addresses). */
export function ResetByEmail() {
  const { t } = useTranslation();
  const send = useSendResetEmail();
  const [sentTo, setSentTo] = useState<string | null>(null);

  if (sentTo) {
    return (
      <>
        <Alert
          type="success"
          showIcon
          title={t('forgotPassword.emailSent', { email: sentTo })}
          description={t('forgotPassword.emailSentHint', { minutes: LINK_MINUTES })}
          data-testid="reset-email-sent"
        />
        <Button type="link" block onClick={() => setSentTo(null)} data-testid="reset-email-again" style={{ marginTop: 8 }}>
          {t('forgotPassword.sendAgain')}
        </Button>
      </>
    );
  }

  return (
    <Form<TResetPwdSendEmailBody>
      layout="vertical"
      requiredMark={false}
      onFinish={(values) => {
        const email = values.email.trim();
        send.mutate({ email }, { onSuccess: () => setSentTo(email) });
      }}
    >
      <EmailField icon />
      <FormSubmitButton pending={send.isPending} testId="reset-send-email">
        {t('forgotPassword.sendEmail')}
      </FormSubmitButton>
    </Form>
  );
}
