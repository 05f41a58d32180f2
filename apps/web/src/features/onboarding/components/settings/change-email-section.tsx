import { useState } from 'react';
import { Alert, Card, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TAccountInfo, TChangeEmailBody } from '@mbo/shared/onboarding';
import { CodeFormItem } from '../../../../platform/code-form-item';
import { EmailField } from '../../../../platform/email-input';
import { maskMobile } from '../../../../platform/mask';
import { useChangeEmail } from '../../api/change-email';
import { useSendSessionCode } from '../../api/send-session-code';
import { ContactChangeForm } from './contact-change-form';
import { useDirtyForm } from './use-dirty-form';

/**
 * Change email: a code to the person's mobile (sendCode purpose changeEmail), then the new address.
 * It replaces the old one at once, unverified, so email sign-in stops until its link is opened.
 */
export function ChangeEmailSection({ account }: { account: TAccountInfo }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TChangeEmailBody>();
  const sendCode = useSendSessionCode();
  const change = useChangeEmail();
  const { onValuesChange, markSaved } = useDirtyForm();
  const [changedTo, setChangedTo] = useState<string | null>(null);

  return (
    <Card title={t('settings.email.title')} data-testid="settings-email">
      {changedTo && (
        <Alert
          type="success"
          showIcon
          closable={{ onClose: () => setChangedTo(null) }}
          title={t('settings.email.changed', { email: changedTo })}
          description={t('settings.email.loginBlocked')}
          style={{ marginBottom: 16 }}
          data-testid="settings-email-changed"
        />
      )}
      <ContactChangeForm<TChangeEmailBody>
        form={form}
        submit={{ text: t('settings.email.submit'), testId: 'settings-email-submit', pending: change.isPending }}
        name="changeEmail"
        onValuesChange={onValuesChange}
        onFinish={(values) => {
          const newEmail = values.newEmail.trim();
          change.mutate(
            { newEmail, code: values.code.trim() },
            {
              onSuccess: () => {
                setChangedTo(newEmail);
                form.resetFields();
                sendCode.reset();
                markSaved();
              },
            },
          );
        }}
      >
        <EmailField name="newEmail" label={t('settings.email.new')} extra={t('settings.email.hint')} />
        <CodeFormItem
          sendTestId="settings-email-send-code"
          onSend={() => sendCode.mutateAsync({ purpose: 'changeEmail' }).catch(() => undefined)}
          sentTo={sendCode.data?.sentTo}
          extra={account.mobile ? t('settings.email.codeToMobile', { target: maskMobile(account.mobile) }) : null}
        />
      </ContactChangeForm>
    </Card>
  );
}
