import { Alert, Form, message } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { TResetPwdBody } from '@mbo/shared/onboarding';
import { LOGIN_PATH } from '../../../platform/navigation';
import { NewPasswordFields } from '../../../platform/new-password-fields';
import { messageOf } from '../../../platform/request';
import { clearSession, getToken } from '../../../platform/session';
import { useResetPassword } from '../api/reset-password';
import { FormSubmitButton } from '../../../platform/form-submit-button';

type TResetValues = Omit<TResetPwdBody, 'token'>;

/**
 * New password and confirmation for a reset token (from the mail link or the SMS code). The server
 * ends every session of the person, so a session kept in this browser goes too, and the person
 * signs in again with the new password.
 */
export function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const reset = useResetPassword();
  return (
    <Form<TResetValues>
      layout="vertical"
      requiredMark={false}
      onFinish={(values) =>
        reset.mutate(
          { token, ...values },
          {
            onSuccess: () => {
              if (getToken()) clearSession(LOGIN_PATH);
              void message.success(t('result.passwordReset'));
              void navigate(LOGIN_PATH, { replace: true });
            },
          },
        )
      }
    >
      <NewPasswordFields />
      {reset.isError && (
        <Alert
          type="error"
          showIcon
          title={messageOf(reset.error)}
          description={<Link to="/forgotPassword">{t('resetPassword.requestNew')}</Link>}
          style={{ marginBottom: 16 }}
          data-testid="reset-error"
        />
      )}
      <FormSubmitButton pending={reset.isPending} testId="reset-submit">
        {t('resetPassword.submit')}
      </FormSubmitButton>
    </Form>
  );
}
