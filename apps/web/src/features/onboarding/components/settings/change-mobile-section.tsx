import { Card, Form, message } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TChangePhoneBody } from '@mbo/shared/onboarding';
import { checkFieldFirst, CodeFormItem } from '../../../../platform/code-form-item';
import { MobileField } from '../../../../platform/mobile-input';
import { useChangePhone } from '../../api/change-phone';
import { useSendChangePhoneCode } from '../../api/send-change-phone-code';
import { ContactChangeForm } from './contact-change-form';
import { useDirtyForm } from './use-dirty-form';

/** Change mobile: a code by SMS to the new number (kyc/changePhone/sendSms), then the change. */
export function ChangeMobileSection() {
  const { t } = useTranslation();
  const [form] = Form.useForm<TChangePhoneBody>();
  const sendCode = useSendChangePhoneCode();
  const change = useChangePhone();
  const { onValuesChange, markSaved } = useDirtyForm();

  return (
    <Card title={t('settings.mobile.title')} data-testid="settings-mobile">
      <ContactChangeForm<TChangePhoneBody>
        form={form}
        submit={{ text: t('settings.mobile.submit'), testId: 'settings-mobile-submit', pending: change.isPending }}
        name="changeMobile"
        onValuesChange={onValuesChange}
        onFinish={(values) =>
          change.mutate(
            { newMobile: values.newMobile, code: values.code.trim() },
            {
              onSuccess: () => {
                void message.success(t('settings.mobile.changed'));
                form.resetFields();
                sendCode.reset();
                markSaved();
              },
            },
          )
        }
      >
        <MobileField name="newMobile" label={t('settings.mobile.new')} />
        <CodeFormItem
          sendTestId="settings-mobile-send-code"
          beforeSend={checkFieldFirst(form, 'newMobile')}
          onSend={() => sendCode.mutateAsync({ newMobile: String(form.getFieldValue('newMobile')) }).catch(() => undefined)}
          sentTo={sendCode.data?.sentTo}
        />
      </ContactChangeForm>
    </Card>
  );
}
