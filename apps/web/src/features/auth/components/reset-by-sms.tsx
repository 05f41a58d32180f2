import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TResetPwdVerifySmsBody } from '@mbo/shared/onboarding';
import { checkFieldFirst, CodeFormItem } from '../../../platform/code-form-item';
import { MobileField } from '../../../platform/mobile-input';
import { useSendResetSms } from '../api/send-reset-sms';
import { useVerifyResetSmsCode } from '../api/verify-reset-sms-code';
import { FormSubmitButton } from '../../../platform/form-submit-button';

/** Forgot password by SMS, first half: mobile and code, traded for a reset token (10 minutes). */
export function ResetBySms({ onVerified }: { onVerified: (token: string) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TResetPwdVerifySmsBody>();
  const sendSms = useSendResetSms();
  const verify = useVerifyResetSmsCode();

  return (
    <Form<TResetPwdVerifySmsBody>
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={(values) =>
        verify.mutate({ mobile: values.mobile, code: values.code.trim() }, { onSuccess: (result) => onVerified(result.token) })
      }
    >
      <MobileField />
      <CodeFormItem
        sendTestId="reset-send-code"
        beforeSend={checkFieldFirst(form, 'mobile')}
        onSend={() => sendSms.mutateAsync({ mobile: String(form.getFieldValue('mobile')) }).catch(() => undefined)}
        sentTo={sendSms.data?.sentTo}
      />
      <FormSubmitButton pending={verify.isPending} testId="reset-verify">
        {t('forgotPassword.next')}
      </FormSubmitButton>
    </Form>
  );
}
