import { useEffect, useState } from 'react';
import { Button, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { OnboardingLink } from '@mbo/shared/onboarding-paths';
import { PlainFrame } from '../../../platform/plain-frame';
import { messageOf } from '../../../platform/request';
import { getToken, useSession } from '../../../platform/session';
import { verifyEmailOnce } from '../api/verify-email';
import { ResendVerificationForm } from '../components/resend-verification-form';

type TOutcome = { kind: 'verified'; email: string } | { kind: 'failed'; message: string };

/**
 * `/verifyEmail?token=...` from the verification mail, signed in or not. Success unblocks email
 * sign-in; an expired or used link shows the server's message (spec §8 "email verification failed:
 * link expired, resend the email") and a way to get a new one.
 */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const session = useSession();
  const token = params.get(OnboardingLink.verifyEmail.param)?.trim() ?? '';
  const [outcome, setOutcome] = useState<TOutcome | null>(null);
  const signedIn = Boolean(getToken());

  useEffect(() => {
    if (!token) return;
    let active = true;
    verifyEmailOnce(token).then(
      (result) => {
        if (active) setOutcome({ kind: 'verified', email: result.email });
      },
      (reason: unknown) => {
        if (active) setOutcome({ kind: 'failed', message: messageOf(reason) });
      },
    );
    return () => {
      active = false;
    };
  }, [token]);

  const shown: TOutcome | null = token ? outcome : { kind: 'failed', message: t('verifyEmail.noToken') };
  const onward = (
    <Link to={signedIn ? '/' : '/loginNew'} replace>
      <Button type="primary" data-testid="verify-email-login">
        {signedIn ? t('prepared.backHome') : t('verifyEmail.signIn')}
      </Button>
    </Link>
  );

  return (
    <PlainFrame>
      <section className="mbo-plain-card">
        {!shown ? (
          <Result icon={<Spin size="large" />} title={<span data-testid="verify-email-pending">{t('verifyEmail.verifying')}</span>} />
        ) : shown.kind === 'verified' ? (
          <Result
            status="success"
            title={
              <h1 className="mbo-result-title" data-testid="verify-email-success">
                {t('result.emailVerified')}
              </h1>
            }
            subTitle={t('verifyEmail.successHint', { email: shown.email })}
            extra={onward}
          />
        ) : (
          <Result
            status="error"
            title={
              <h1 className="mbo-result-title" data-testid="verify-email-error">
                {shown.message}
              </h1>
            }
            extra={
              <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
                <ResendVerificationForm initialEmail={session.userInfo?.email ?? ''} />
                <Link to={signedIn ? '/' : '/loginNew'}>{signedIn ? t('prepared.backHome') : t('prepared.backLogin')}</Link>
              </div>
            }
          />
        )}
      </section>
    </PlainFrame>
  );
}
