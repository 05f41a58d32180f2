import { Alert, Button, Card, Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TAccountInfo } from '@mbo/shared/onboarding';
import { useResendVerifyEmail } from '../../api/resend-verify-email';

/** Who is signed in, and whether the email is verified (email sign-in is blocked until it is). */
export function AccountCard({ account }: { account: TAccountInfo }) {
  const { t } = useTranslation();
  const resend = useResendVerifyEmail();
  return (
    <Card title={t('settings.account.title')} data-testid="settings-account">
      <Descriptions
        column={1}
        size="small"
        items={[
          { key: 'name', label: t('settings.account.name'), children: account.name || '-' },
          {
            key: 'email',
            label: t('email.label'),
            children: (
              <span data-testid="settings-current-email">
                {account.email || '-'}{' '}
                {account.email && (
                  <Tag color={account.emailVerified ? 'success' : 'warning'} data-testid="settings-email-state">
                    {account.emailVerified ? t('settings.account.verified') : t('settings.account.unverified')}
                  </Tag>
                )}
              </span>
            ),
          },
          { key: 'mobile', label: t('mobile.label'), children: <span data-testid="settings-current-mobile">{account.mobile || '-'}</span> },
        ]}
      />
      {account.email && !account.emailVerified && (
        <Alert
          type="warning"
          showIcon
          title={t('settings.account.unverifiedNotice')}
          data-testid="settings-email-unverified"
          action={
            <Button
              size="small"
              loading={resend.isPending}
              disabled={resend.isSuccess}
              onClick={() => resend.mutate({ email: account.email })}
              data-testid="settings-resend-verification"
            >
              {resend.isSuccess ? t('verifyEmail.resent') : t('verifyEmail.resend')}
            </Button>
          }
        />
      )}
    </Card>
  );
}
