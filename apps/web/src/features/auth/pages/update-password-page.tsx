import { Alert, Card, message } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { updateUserInfo, useSession } from '../../../platform/session';
import { PasswordForm } from '../components/password-form';
import { useUpdatePassword } from '../api/update-password';
import { Page } from '../../../platform/page';

export function UpdatePasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const update = useUpdatePassword();
  const forced = session.userInfo?.forceChangePwd === true;

  return (
    <Page title={t('menu.updatePassword')}>
      <Card>
        {forced && <Alert type="warning" showIcon title={t('password.forcedNotice')} style={{ marginBottom: 24, maxWidth: 480 }} />}
        <PasswordForm
          submitting={update.isPending}
          onSubmit={(values) =>
            update.mutate(values, {
              onSuccess: () => {
                void message.success(t('password.changed'));
                updateUserInfo({ forceChangePwd: false });
                void navigate('/', { replace: true });
              },
            })
          }
        />
      </Card>
    </Page>
  );
}
