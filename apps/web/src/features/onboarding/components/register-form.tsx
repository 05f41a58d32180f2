import { Checkbox, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TLoginResult } from '@mbo/shared/auth';
import { checkFieldFirst, CodeFormItem } from '../../../platform/code-form-item';
import { EmailField } from '../../../platform/email-input';
import { MobileField } from '../../../platform/mobile-input';
import { NewPasswordFields } from '../../../platform/new-password-fields';
import { useSendSignUpCode } from '../api/send-sign-up-code';
import { useSignUp } from '../api/sign-up';
import { FormSubmitButton } from '../../../platform/form-submit-button';

export type TRegisterValues = {
  email: string;
  mobile: string;
  password: string;
  confirmPassword: string;
  code: string;
  businessName?: string;
  agree: boolean;
};

/** Matches ZSignUpBody's businessName (onboarding.ts). */
const BUSINESS_NAME_MAX = 128;

/**
 * Sign-up: email, mobile with its calling code, password and confirmation, the SMS code sent to
 * the mobile (captchaSms, purpose signup) and the terms. The field names are the element ids the
 * browser tests use (#email, #mobile, #password, #confirmPassword, #code).
 */
export function RegisterForm({ onRegistered }: { onRegistered: (result: TLoginResult, email: string) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TRegisterValues>();
  const sendCode = useSendSignUpCode();
  const signUp = useSignUp();

  return (
    <Form<TRegisterValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={(values) => {
        const email = values.email.trim();
        signUp.mutate(
          {
            email,
            mobile: values.mobile,
            smsCode: values.code.trim(),
            password: values.password,
            confirmPassword: values.confirmPassword,
            ...(values.businessName?.trim() ? { businessName: values.businessName.trim() } : {}),
          },
          { onSuccess: (result) => onRegistered(result, email) },
        );
      }}
    >
      <EmailField extra={t('register.emailHint')} icon />
      <MobileField />
      <CodeFormItem
        beforeSend={checkFieldFirst(form, 'mobile')}
        onSend={() => sendCode.mutateAsync(String(form.getFieldValue('mobile'))).catch(() => undefined)}
        sentTo={sendCode.data?.sentTo}
      />
      <NewPasswordFields name="password" label={t('register.password')} />
      <Form.Item name="businessName" label={t('register.businessName')} extra={t('register.businessNameHint')}>
        <Input maxLength={BUSINESS_NAME_MAX} autoComplete="organization" placeholder={t('register.businessNamePlaceholder')} />
      </Form.Item>
      <Form.Item
        name="agree"
        valuePropName="checked"
        rules={[
          {
            validator: (_rule, value: boolean | undefined) =>
              value ? Promise.resolve() : Promise.reject(new Error(t('register.agreeRequired'))),
          },
        ]}
      >
        <Checkbox>{t('register.agree')}</Checkbox>
      </Form.Item>
      <FormSubmitButton pending={signUp.isPending} testId="register-submit" size="large">
        {t('register.submit')}
      </FormSubmitButton>
    </Form>
  );
}
