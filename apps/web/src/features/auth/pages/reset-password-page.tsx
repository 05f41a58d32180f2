import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { OnboardingLink } from '@mbo/shared/onboarding-paths';
import { PlainFrame } from '../../../platform/plain-frame';
import { ResetPasswordForm } from '../components/reset-password-form';
import { ResultTitle } from '../../../platform/page';

/** `/resetPassword?token=...` from the reset mail (30 minutes, single use). */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get(OnboardingLink.resetPassword.param)?.trim() ?? '';

  return (
    <PlainFrame>
      <section className="mbo-plain-card">
        {!token ? (
          <Result
            status="warning"
            title={<ResultTitle testId="reset-error">{t('resetPassword.noToken')}</ResultTitle>}
            extra={<Link to="/forgotPassword">{t('resetPassword.requestNew')}</Link>}
          />
        ) : (
          <>
            <ResultTitle>{t('resetPassword.title')}</ResultTitle>
            <p className="mbo-plain-card__subtitle">{t('resetPassword.subtitle')}</p>
            <ResetPasswordForm token={token} />
            <div className="mbo-plain-card__footer">
              <Link to="/loginNew">{t('prepared.backLogin')}</Link>
            </div>
          </>
        )}
      </section>
    </PlainFrame>
  );
}
