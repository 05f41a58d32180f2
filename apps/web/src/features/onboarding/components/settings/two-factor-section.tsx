import { useState } from 'react';
import { Card, Switch, message } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TAccountInfo } from '@mbo/shared/onboarding';
import { useSendSessionCode } from '../../api/send-session-code';
import { useToggleTwoFactor } from '../../api/toggle-two-factor';
import { CodeConfirmDialog } from './code-confirm-dialog';

/** Two-step verification on or off, confirmed with a code (sendCode purpose twoFAToggle). */
export function TwoFactorSection({ account }: { account: TAccountInfo }) {
  const { t } = useTranslation();
  const [wanted, setWanted] = useState<boolean | null>(null);
  const sendCode = useSendSessionCode();
  const toggle = useToggleTwoFactor();

  const close = () => {
    setWanted(null);
    sendCode.reset();
  };

  return (
    <Card title={t('settings.twoFA.title')} data-testid="settings-twofa">
      <div className="mbo-settings__row">
        <div>
          <div>{account.twoFAEnabled ? t('settings.twoFA.on') : t('settings.twoFA.off')}</div>
          <div className="mbo-settings__hint">{t('settings.twoFA.hint')}</div>
        </div>
        <Switch
          checked={account.twoFAEnabled}
          aria-label={t('settings.twoFA.title')}
          onChange={(checked) => setWanted(checked)}
          data-testid="settings-twofa-switch"
        />
      </div>
      <CodeConfirmDialog
        open={wanted !== null}
        title={wanted ? t('settings.twoFA.enableTitle') : t('settings.twoFA.disableTitle')}
        okText={wanted ? t('settings.twoFA.enable') : t('settings.twoFA.disable')}
        danger={wanted === false}
        pending={toggle.isPending}
        sentTo={sendCode.data?.sentTo ?? null}
        onSend={() => sendCode.mutateAsync({ purpose: 'twoFAToggle' }).catch(() => undefined)}
        onConfirm={(code) =>
          toggle.mutate(
            { enabled: wanted === true, code },
            {
              onSuccess: () => {
                void message.success(wanted ? t('settings.twoFA.enabled') : t('settings.twoFA.disabled'));
                close();
              },
            },
          )
        }
        onCancel={close}
        formName="twoFAToggle"
        testId="settings-twofa-dialog"
      >
        <p>{wanted ? t('settings.twoFA.enableText') : t('settings.twoFA.disableText')}</p>
      </CodeConfirmDialog>
    </Card>
  );
}
