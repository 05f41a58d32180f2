import { useState } from 'react';
import { Button, Card, message } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LOGIN_PATH } from '../../../../platform/navigation';
import { clearSession } from '../../../../platform/session';
import { useRemoveAccount } from '../../api/remove-account';
import { useSendSessionCode } from '../../api/send-session-code';
import { CodeConfirmDialog } from './code-confirm-dialog';

/**
 * Remove account, after a confirmation with a code. What happens is what the server does
 * (settings-service removeAccount): the person's logins are disabled on every business, the person's
 * details are erased and every session ends; the businesses they own are kept with their data.
 */
export function RemoveAccountSection() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const sendCode = useSendSessionCode();
  const remove = useRemoveAccount();

  const consequences = (
    <ul className="mbo-settings__list" data-testid="settings-remove-consequences">
      <li>{t('settings.remove.logins')}</li>
      <li>{t('settings.remove.person')}</li>
      <li>{t('settings.remove.businesses')}</li>
      <li>{t('settings.remove.sessions')}</li>
    </ul>
  );

  return (
    <Card title={t('settings.remove.title')} className="mbo-settings__danger" data-testid="settings-remove">
      <p className="mbo-settings__hint">{t('settings.remove.intro')}</p>
      {consequences}
      <Button danger onClick={() => setOpen(true)} data-testid="settings-remove-account">
        {t('settings.remove.button')}
      </Button>
      <CodeConfirmDialog
        open={open}
        title={t('settings.remove.confirmTitle')}
        okText={t('settings.remove.confirm')}
        danger
        pending={remove.isPending}
        sentTo={sendCode.data?.sentTo ?? null}
        onSend={() => sendCode.mutateAsync({ purpose: 'removeAccount' }).catch(() => undefined)}
        onConfirm={(code) =>
          remove.mutate(
            { confirm: true, code },
            {
              onSuccess: () => {
                setOpen(false);
                void message.success(t('settings.remove.done'));
                clearSession(LOGIN_PATH);
                queryClient.clear();
                void navigate(LOGIN_PATH, { replace: true });
              },
            },
          )
        }
        onCancel={() => {
          setOpen(false);
          sendCode.reset();
        }}
        formName="removeAccount"
        testId="settings-remove-dialog"
      >
        <p>{t('settings.remove.confirmText')}</p>
        {consequences}
      </CodeConfirmDialog>
    </Card>
  );
}
