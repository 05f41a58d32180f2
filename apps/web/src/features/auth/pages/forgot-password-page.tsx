import { useState } from 'react';
import { Radio, Steps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PlainFrame } from '../../../platform/plain-frame';
import { ResetByEmail } from '../components/reset-by-email';
import { ResetBySms } from '../components/reset-by-sms';
import { ResetPasswordForm } from '../components/reset-password-form';
import { ResultTitle } from '../../../platform/page';

type TMethod = 'email' | 'sms';

/**
 * Forgot password, by email link or by SMS code. SMS: send code, verify it (a reset token), then
 * the new password; email: the link opens /resetPassword. Either way the person then signs in again.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [method, setMethod] = useState<TMethod>('email');
  const [resetToken, setResetToken] = useState<string | null>(null);

  return (
    <PlainFrame>
      <section className="mbo-plain-card">
        <ResultTitle>{t('forgotPassword.title')}</ResultTitle>
        <p className="mbo-plain-card__subtitle">{t('forgotPassword.subtitle')}</p>
        {!resetToken && (
          <Radio.Group
            value={method}
            onChange={(event) => setMethod(event.target.value as TMethod)}
            optionType="button"
            buttonStyle="solid"
            block
            style={{ marginBottom: 20 }}
            options={[
              { value: 'email', label: <span data-testid="reset-by-email">{t('forgotPassword.byEmail')}</span> },
              { value: 'sms', label: <span data-testid="reset-by-sms">{t('forgotPassword.bySms')}</span> },
            ]}
          />
        )}
        {method === 'email' ? (
          <ResetByEmail />
        ) : (
          <>
            <Steps
              size="small"
              current={resetToken ? 1 : 0}
              style={{ marginBottom: 20 }}
              items={[{ title: t('forgotPassword.stepVerify') }, { title: t('forgotPassword.stepPassword') }]}
            />
            {resetToken ? <ResetPasswordForm token={resetToken} /> : <ResetBySms onVerified={setResetToken} />}
          </>
        )}
        <div className="mbo-plain-card__footer">
          <Link to="/loginNew" data-testid="reset-back-login">
            {t('prepared.backLogin')}
          </Link>
        </div>
      </section>
    </PlainFrame>
  );
}
