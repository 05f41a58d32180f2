import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PlainFrame } from '../../../platform/plain-frame';
import { Logo } from '../../../platform/logo';
import { settings } from '../../../platform/settings';
import { storeLoginResult } from '../../../platform/session';
import { safeRedirect } from '../../../platform/navigation';
import { LoginForm } from '../components/login-form';
import { useLogin } from '../api/login';
import './login-page.css';

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const login = useLogin();

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
        <p className="mbo-login-card__subtitle">{t('login.subtitle')}</p>
        <LoginForm
          submitting={login.isPending}
          onSubmit={(values) => {
            void login.run(values).then((result) => {
              if (!result) return;
              storeLoginResult(result);
              void navigate(safeRedirect(searchParams.get('redirect')), { replace: true });
            });
          }}
        />
        <div className="mbo-login-card__footer">
          <span>{t('login.noAccount')}</span> <Link to="/register">{t('login.register')}</Link>
        </div>
      </section>
    </PlainFrame>
  );
}
