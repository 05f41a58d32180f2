import { Button, Card, Form, message } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TChangePhoneBody } from '@mbo/shared/onboarding';
import { CodeFormItem } from '../../../../platform/code-form-item';
import { MobileInput, mobileRules } from '../../../../platform/mobile-input';
import { useChangePhone } from '../../api/change-phone';
import { useSendChangePhoneCode } from '../../api/send-change-phone-code';
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
      <Form<TChangePhoneBody>
        form={form}
        name="changeMobile"
        layout="vertical"
        requiredMark={false}
        style={{ maxWidth: 480 }}
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
        <Form.Item name="newMobile" label={t('settings.mobile.new')} rules={mobileRules(t)}>
          <MobileInput />
        </Form.Item>
        <CodeFormItem
          sendTestId="settings-mobile-send-code"
          beforeSend={() =>
            form.validateFields(['newMobile']).then(
              () => true,
              () => false,
            )
          }
          onSend={() => sendCode.mutateAsync({ newMobile: String(form.getFieldValue('newMobile')) }).catch(() => undefined)}
          sentTo={sendCode.data?.sentTo}
        />
        <Form.Item style={{ marginBottom: 0 }}>
          <Button type="primary" htmlType="submit" loading={change.isPending} data-testid="settings-mobile-submit">
            {t('settings.mobile.submit')}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
