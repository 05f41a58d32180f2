import { Alert, Button, Descriptions, Form, Input, Result, Spin } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { TAcceptInvitationBody } from '@mbo/shared/onboarding';
import { OnboardingLink } from '@mbo/shared/onboarding-paths';
import { parseTime } from '../../../platform/format';
import { NewPasswordFields } from '../../../platform/new-password-fields';
import { PlainFrame } from '../../../platform/plain-frame';
import { messageOf } from '../../../platform/request';
import { storeLoginResult } from '../../../platform/session';
import { useAcceptInvitation } from '../api/accept-invitation';
import { useInvitationInfo } from '../api/get-invitation-info';
import { ResultTitle } from '../../../platform/page';
import { FormSubmitButton } from '../../../platform/form-submit-button';

type TAcceptValues = Omit<TAcceptInvitationBody, 'token'>;

/** Matches ZAcceptInvitationBody's name (onboarding.ts). */
const NAME_MAX = 64;

/**
 * `/acceptInvitation?token=...` from the invitation mail (7 days). Shows the merchant and the
 * invited email; the invitee sets a name and a password and is signed in. An expired link shows
 * the server's message (spec §8 "invitation acceptance failed: link expired, ask an administrator to
 * resend").
 */
export function AcceptInvitationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const token = params.get(OnboardingLink.acceptInvitation.param)?.trim() ?? '';
  const info = useInvitationInfo(token);
  const accept = useAcceptInvitation();

  const failure = !token ? t('invitation.noToken') : info.isError ? messageOf(info.error) : null;

  return (
    <PlainFrame>
      <section className="mbo-plain-card mbo-plain-card--wide">
        {failure ? (
          <Result
            status="warning"
            title={<ResultTitle testId="invitation-error">{failure}</ResultTitle>}
            extra={
              <Link to="/loginNew">
                <Button type="primary">{t('prepared.backLogin')}</Button>
              </Link>
            }
          />
        ) : !info.data ? (
          <Result icon={<Spin size="large" />} title={t('common.loading')} />
        ) : (
          <>
            <ResultTitle>{t('invitation.title')}</ResultTitle>
            <p className="mbo-plain-card__subtitle">{t('invitation.subtitle', { merchant: info.data.merchantName })}</p>
            <Descriptions
              size="small"
              column={1}
              bordered
              style={{ marginBottom: 20 }}
              items={[
                {
                  key: 'merchant',
                  label: t('invitation.merchant'),
                  children: <span data-testid="invitation-merchant">{`${info.data.merchantName} (${info.data.merchantNo})`}</span>,
                },
                { key: 'email', label: t('email.label'), children: <span data-testid="invitation-email">{info.data.email}</span> },
                { key: 'loginName', label: t('invitation.loginName'), children: info.data.loginName },
                { key: 'expires', label: t('invitation.expiresAt'), children: parseTime(info.data.expiresAt) },
              ]}
            />
            <Form<TAcceptValues>
              layout="vertical"
              requiredMark={false}
              onFinish={(values) =>
                accept.mutate(
                  { token, name: values.name.trim(), password: values.password, confirmPassword: values.confirmPassword },
                  {
                    onSuccess: (result) => {
                      storeLoginResult(result);
                      queryClient.clear();
                      void navigate('/', { replace: true });
                    },
                  },
                )
              }
            >
              <Form.Item
                name="name"
                label={t('invitation.name')}
                rules={[{ required: true, whitespace: true, message: t('invitation.nameRequired') }]}
              >
                <Input autoComplete="name" maxLength={NAME_MAX} placeholder={t('invitation.namePlaceholder')} />
              </Form.Item>
              <NewPasswordFields name="password" label={t('register.password')} />
              <Alert
                type="info"
                showIcon
                title={t('invitation.signInHint', { merchantNo: info.data.merchantNo, loginName: info.data.loginName })}
                style={{ marginBottom: 16 }}
              />
              <FormSubmitButton pending={accept.isPending} testId="invitation-submit">
                {t('invitation.submit')}
              </FormSubmitButton>
            </Form>
          </>
        )}
      </section>
    </PlainFrame>
  );
}
