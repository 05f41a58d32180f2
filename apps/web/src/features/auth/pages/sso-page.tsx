import { useEffect, useState } from 'react';
import { Button, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { OnboardingLink } from '@mbo/shared/onboarding-paths';
import { PlainFrame } from '../../../platform/plain-frame';
import { messageOf } from '../../../platform/request';
import { storeLoginResult } from '../../../platform/session';
import { loginBySysAdminOnce } from '../api/login-by-sys-admin';
import { ResultTitle } from '../../../platform/page';

/**
 * `/sso?ticket=...`: a system administrator's single sign-on. The ticket (60 s, single use) is
 * exchanged for a session, which replaces any session of this browser, then the back office opens.
 */
export function SsoPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const ticket = params.get(OnboardingLink.sso.param)?.trim() ?? '';
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!ticket) return;
    let active = true;
    loginBySysAdminOnce(ticket).then(
      (result) => {
        if (!active) return;
        storeLoginResult(result);
        void navigate('/', { replace: true });
      },
      (reason: unknown) => {
        if (active) setError(messageOf(reason));
      },
    );
    return () => {
      active = false;
    };
  }, [ticket, navigate]);

  const failure = ticket ? error : t('sso.noTicket');
  return (
    <PlainFrame>
      {failure ? (
        <Result
          status="error"
          title={<ResultTitle>{t('sso.failed')}</ResultTitle>}
          subTitle={<span data-testid="sso-error">{failure}</span>}
          extra={
            <Link to="/loginNew" replace>
              <Button type="primary" data-testid="sso-login">
                {t('prepared.backLogin')}
              </Button>
            </Link>
          }
        />
      ) : (
        <div style={{ marginTop: '20vh' }}>
          <Spin size="large" description={t('sso.signingIn')} data-testid="sso-pending" />
        </div>
      )}
    </PlainFrame>
  );
}
