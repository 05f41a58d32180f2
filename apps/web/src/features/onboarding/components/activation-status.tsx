import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Card, Result, Steps, message, type StepsProps } from 'antd';
import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  CloseCircleOutlined,
  FormOutlined,
  LogoutOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { BUSINESS_STATUS_ACTIVE } from '@mbo/shared/limits';
import { CODE_RESEND_SECONDS } from '@mbo/shared/onboarding';
import { KycReviewState, type TKycStatus } from '@mbo/shared/kyc';
import { parseTime } from '../../../platform/format';
import { getSession } from '../../../platform/session';
import { signOut } from '../../../platform/sign-out';
import { useIsMobile } from '../../../platform/use-is-mobile';
import { useKycStatus } from '../api/get-kyc-status';
import { useRefreshSessionInfo } from '../api/refresh-session-info';
import { useResendVerifyEmail } from '../api/resend-verify-email';
import { LoadFailedBody, LoadingBody } from './load-states';
import './activation-status.css';

const ACTIVE: typeof BUSINESS_STATUS_ACTIVE = 40;

export type TActivationState = 'notSubmitted' | 'underReview' | 'rejected' | 'approved' | 'active';

/** Where the business stands (spec §4 activation): the main message of the page. */
export function activationStateOf(status: Pick<TKycStatus, 'reviewState' | 'gatewayOpened'>): TActivationState {
  if (status.gatewayOpened) return 'active';
  switch (status.reviewState) {
    case KycReviewState.underReview:
      return 'underReview';
    case KycReviewState.rejected:
      return 'rejected';
    case KycReviewState.approved:
      return 'approved';
    default:
      return 'notSubmitted';
  }
}

type TStepItem = NonNullable<StepsProps['items']>[number];

/** The four stages: email verified -> profile submitted -> review -> gateway opened. */
export function activationSteps(status: TKycStatus): NonNullable<TStepItem['status']>[] {
  const state = activationStateOf(status);
  const email = status.emailVerified ? 'finish' : 'process';
  const profile = state === 'notSubmitted' || state === 'rejected' ? 'process' : 'finish';
  const review =
    state === 'underReview' ? 'process' : state === 'rejected' ? 'error' : state === 'approved' || state === 'active' ? 'finish' : 'wait';
  const gateway = state === 'active' ? 'finish' : state === 'approved' ? 'process' : 'wait';
  return [email, profile, review, gateway];
}

/** The session's stored business status lets the guard through (active, not an initial login). */
function sessionIsActive(): boolean {
  const kyc = getSession().kycInfo;
  return kyc !== null && kyc.currBusinessStatus === ACTIVE && kyc.isInitialLogin !== 1;
}

function useCountdown(): [number, (seconds: number) => void] {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = window.setTimeout(() => setLeft((value) => value - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left]);
  return [left, setLeft];
}

export function ActivationStatus({ businessId }: { businessId: number | null }) {
  const { t } = useTranslation();
  const status = useKycStatus(businessId);

  let body: ReactNode;
  if (businessId === null) body = <Result status="warning" title={t('activate.noBusiness')} />;
  else if (status.isPending) body = <LoadingBody className="activate-loading" />;
  else if (status.isError) body = <LoadFailedBody onRetry={() => void status.refetch()} />;
  else body = <StatusBody status={status.data} refreshing={status.isFetching} onRefresh={() => void status.refetch()} />;

  return (
    <Card className="activate">
      <h1 className="mbo-page-title" data-testid="page-title">
        {t('route.activate')}
      </h1>
      {body}
      <div className="activate-footer">
        <Button
          icon={<LogoutOutlined />}
          data-testid="activate-sign-out"
          onClick={() => {
            void signOut();
          }}
        >
          {t('activate.signOut')}
        </Button>
      </div>
    </Card>
  );
}

function StatusBody({ status, refreshing, onRefresh }: { status: TKycStatus; refreshing: boolean; onRefresh: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const state = activationStateOf(status);
  const stepStatuses = activationSteps(status);
  const refreshSession = useRefreshSessionInfo();
  const resend = useResendVerifyEmail();
  const [cooldown, startCooldown] = useCountdown();

  // After the approval the stored kycInfo still says "not active": read user info again once so
  // the navigation guard lets the person into the back office.
  const refreshed = useRef(false);
  const { mutate: refreshNow } = refreshSession;
  useEffect(() => {
    if (state !== 'active' || refreshed.current) return;
    refreshed.current = true;
    if (!sessionIsActive()) refreshNow();
  }, [state, refreshNow]);

  const goHome = async () => {
    if (!sessionIsActive()) {
      try {
        await refreshSession.mutateAsync();
      } catch {
        void message.error(t('activate.refreshFailed'));
        return;
      }
    }
    void navigate('/', { replace: true });
  };

  const stepKeys = ['email', 'profile', 'review', 'gateway'] as const;
  const descriptions: Record<(typeof stepKeys)[number], string> = {
    email: status.emailVerified ? t('activate.stepDesc.emailVerified') : t('activate.stepDesc.emailUnverified'),
    profile: t('activate.stepDesc.profile'),
    review: t('activate.stepDesc.review'),
    gateway: t('activate.stepDesc.gateway'),
  };
  const firstOpen = stepStatuses.findIndex((s) => s !== 'finish');

  const goKyc = (label: string) => (
    <Button type="primary" icon={<FormOutlined />} onClick={() => void navigate('/kyc')} data-testid="activate-go-kyc">
      {label}
    </Button>
  );

  const panels: Record<TActivationState, { icon: ReactNode; title: string; text: ReactNode; action?: ReactNode }> = {
    notSubmitted: {
      icon: <FormOutlined className="activate-icon activate-icon--info" />,
      title: t('activate.state.notSubmitted.title'),
      text: t('activate.state.notSubmitted.text'),
      action: goKyc(t('activate.goKyc')),
    },
    underReview: {
      icon: <ClockCircleOutlined className="activate-icon activate-icon--info" />,
      title: t('activate.state.underReview.title'),
      text: (
        <>
          {t('activate.state.underReview.text')}
          {status.submittedAt && <div className="activate-meta">{t('activate.submittedAt', { time: parseTime(status.submittedAt) })}</div>}
        </>
      ),
    },
    rejected: {
      icon: <CloseCircleOutlined className="activate-icon activate-icon--error" />,
      title: t('activate.state.rejected.title'),
      text: (
        <>
          {t('activate.state.rejected.text')}
          <Alert
            type="error"
            className="activate-reason"
            title={t('activate.reason')}
            description={status.rejectReason || '—'}
            data-testid="activate-reject-reason"
          />
        </>
      ),
      action: goKyc(t('activate.editKyc')),
    },
    approved: {
      icon: <ClockCircleOutlined className="activate-icon activate-icon--success" />,
      title: t('activate.state.approved.title'),
      text: t('activate.state.approved.text'),
    },
    active: {
      icon: <CheckCircleOutlined className="activate-icon activate-icon--success" />,
      title: t('activate.state.active.title'),
      text: t('activate.state.active.text'),
      action: (
        <Button type="primary" onClick={() => void goHome()} loading={refreshSession.isPending} data-testid="activate-home">
          {t('activate.home')}
        </Button>
      ),
    },
  };
  const panel = panels[state];

  return (
    <>
      <p className="activate-business">{t('activate.business', { name: status.businessName, merchantNo: status.merchantNo })}</p>
      <Steps
        className="activate-steps"
        size="small"
        orientation={isMobile ? 'vertical' : 'horizontal'}
        current={firstOpen === -1 ? stepKeys.length - 1 : firstOpen}
        data-testid="activate-steps"
        items={stepKeys.map((key, i) => ({ title: t(`activate.step.${key}`), content: descriptions[key], status: stepStatuses[i] }))}
      />
      {!status.emailVerified && (
        <Alert
          type="warning"
          showIcon
          className="activate-email"
          data-testid="activate-email"
          data-state="unverified"
          title={t('activate.email.unverified', { email: status.email })}
          action={
            <Button
              size="small"
              disabled={cooldown > 0}
              loading={resend.isPending}
              data-testid="activate-resend-email"
              onClick={() =>
                resend.mutate(
                  { email: status.email },
                  {
                    onSuccess: () => {
                      void message.success(t('activate.email.sent', { email: status.email }));
                      startCooldown(CODE_RESEND_SECONDS);
                    },
                  },
                )
              }
            >
              {cooldown > 0 ? t('activate.email.resendIn', { seconds: cooldown }) : t('activate.email.resend')}
            </Button>
          }
        />
      )}
      <div className="activate-status" data-testid="activate-status" data-state={state}>
        <div className="activate-status__icon">{panel.icon}</div>
        <h2 className="activate-status__title">{panel.title}</h2>
        <div className="activate-status__text">{panel.text}</div>
        <div className="activate-status__actions">
          {panel.action}
          <Button icon={<ReloadOutlined />} onClick={onRefresh} loading={refreshing} data-testid="activate-refresh">
            {t('activate.refresh')}
          </Button>
        </div>
      </div>
    </>
  );
}
