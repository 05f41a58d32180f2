import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { TLoginResult } from '@mbo/shared/auth';
import { PlainFrame } from '../../../platform/plain-frame';
import { storeLoginResult } from '../../../platform/session';
import { RegisterForm } from '../components/register-form';
import { RegisterDone } from '../components/register-done';
import { ResultTitle } from '../../../platform/page';

/** `/register`: sign-up, then the notice to verify the email; continuing opens the new session. */
export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [registered, setRegistered] = useState<{ result: TLoginResult; email: string } | null>(null);

  return (
    <PlainFrame>
      <section className="mbo-plain-card mbo-plain-card--wide">
        {registered ? (
          <RegisterDone
            result={registered.result}
            email={registered.email}
            onContinue={() => {
              storeLoginResult(registered.result);
              // The guard sends a business that is not activated yet on to /activate.
              void navigate('/', { replace: true });
            }}
          />
        ) : (
          <>
            <ResultTitle>{t('register.title')}</ResultTitle>
            <p className="mbo-plain-card__subtitle">{t('register.subtitle')}</p>
            <RegisterForm onRegistered={(result, email) => setRegistered({ result, email })} />
            <div className="mbo-plain-card__footer">
              <span>{t('register.haveAccount')}</span>{' '}
              <Link to="/loginNew" data-testid="register-login">
                {t('register.signIn')}
              </Link>
            </div>
          </>
        )}
      </section>
    </PlainFrame>
  );
}
