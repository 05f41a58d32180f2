import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { TLoginBody, TLoginResult } from '@mbo/shared/auth';
import { LOCKED_CODE } from '@mbo/shared/sign-in-lock';
import { PlainFrame } from '../../../platform/plain-frame';
import { Logo } from '../../../platform/logo';
import { settings } from '../../../platform/settings';
import { storeLoginResult } from '../../../platform/session';
import { safeRedirect } from '../../../platform/navigation';
import { ProgressFallback } from '../../../platform/progress';
import { RequestError } from '../../../platform/request';
import { LoginForm } from '../components/login-form';
import { LoginTabs, type TLoginTab } from '../components/login-tabs';
import { useLogin } from '../api/login';
import { usePasskeySignIn } from '../api/passkey-sign-in';
import './login-page.css';

// The code sign-in forms load when their tab is chosen: the default tab's download stays as it was.
const CodeLoginForm = lazy(async () => ({ default: (await import('../components/code-login-form')).CodeLoginForm }));
// So does the unlock step, which only a locked sign-in needs.
const UnlockForm = lazy(async () => ({ default: (await import('../components/unlock-form')).UnlockForm }));
const UnlockOffer = lazy(async () => ({ default: (await import('../components/unlock-form')).UnlockOffer }));

/** A sign-in the lock refused: what was typed, and whether the unlock step is open. */
type TLockedSignIn = { credentials: TLoginBody; unlocking: boolean };

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [locked, setLocked] = useState<TLockedSignIn | null>(null);
  const [tab, setTab] = useState<TLoginTab>('merchant');
  const typed = useRef<TLoginBody | null>(null);
  // The request client shows the refusal as usual; a refusal by the lock also offers the unlock step.
  const login = useLogin({
    onError: (error) => {
      if (error instanceof RequestError && error.code === LOCKED_CODE && typed.current) {
        setLocked({ credentials: typed.current, unlocking: false });
      }
    },
  });

  const passkeySignIn = usePasskeySignIn();

  // Every way of signing in stores the session the same way and follows the same redirect.
  const signedIn = (result: TLoginResult) => {
    storeLoginResult(result);
    void navigate(safeRedirect(searchParams.get('redirect')), { replace: true });
  };

  return (
    <PlainFrame>
      <section className="mbo-login-card">
        <div className="mbo-login-card__brand">
          <Logo size={44} />
          <div>
            <h1 className="mbo-login-card__title" data-testid="page-title">
              {t(settings.titleKey)}
            </h1>
            <div className="mbo-login-card__logo-text">{t(settings.logoTextKey)}</div>
          </div>
        </div>
        <LoginTabs value={tab} onChange={setTab} />
        <p className="mbo-plain-card__subtitle">{tab === 'merchant' ? t('login.subtitle') : t(`codeLogin.subtitle.${tab}`)}</p>
        <div id="login-tab-panel" role="tabpanel" aria-labelledby={`login-tab-${tab}`}>
          {tab === 'merchant' && locked?.unlocking ? (
            <Suspense fallback={<ProgressFallback />}>
              <UnlockForm credentials={locked.credentials} onSignedIn={signedIn} onCancel={() => setLocked(null)} />
            </Suspense>
          ) : tab === 'merchant' ? (
            <>
              <LoginForm
                submitting={login.isPending}
                passkeyPending={passkeySignIn.isPending}
                onPasskey={(merchantNo) => {
                  setLocked(null);
                  void passkeySignIn.run(merchantNo).then((result) => {
                    if (result) signedIn(result);
                  });
                }}
                onSubmit={(values) => {
                  setLocked(null);
                  typed.current = values;
                  void login.run(values).then((result) => {
                    if (result) signedIn(result);
                  });
                }}
              />
              {locked && (
                <Suspense fallback={null}>
                  <UnlockOffer onStart={() => setLocked({ ...locked, unlocking: true })} />
                </Suspense>
              )}
            </>
          ) : (
            <Suspense fallback={<ProgressFallback />}>
              <CodeLoginForm key={tab} channel={tab} onSignedIn={signedIn} />
            </Suspense>
          )}
        </div>
        <div className="mbo-login-card__links">
          <Link to="/forgotPassword" data-testid="forgot-password-link">
            {t('forgotPassword.link')}
          </Link>
        </div>
        <div className="mbo-plain-card__footer">
          <span>{t('login.noAccount')}</span> <Link to="/register">{t('login.register')}</Link>
        </div>
      </section>
    </PlainFrame>
  );
}
