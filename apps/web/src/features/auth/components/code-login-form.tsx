import { useState } from 'react';
import { Alert, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TLoginResult } from '@mbo/shared/auth';
import { checkFieldFirst, CodeFormItem } from '../../../platform/code-form-item';
import { EmailField } from '../../../platform/email-input';
import { MobileField } from '../../../platform/mobile-input';
import { RequestError } from '../../../platform/request';
import { useSendSignInCode } from '../api/send-sign-in-code';
import { useSignInByCode } from '../api/sign-in-by-code';
import { FormSubmitButton } from '../../../platform/form-submit-button';

export type TCodeChannel = 'email' | 'sms';

type TCodeLoginValues = { email?: string; mobile?: string; code: string };

type TCodeLoginFormProps = {
  channel: TCodeChannel;
  onSignedIn: (result: TLoginResult) => void;
};

/**
 * Sign-in by email or mobile and a code (loaded only when its tab is chosen, so the default
 * merchant-number tab downloads nothing more). Failures, such as email sign-in before the email is
 * verified, are shown beside the form with the server's words.
 */
export function CodeLoginForm({ channel, onSignedIn }: TCodeLoginFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TCodeLoginValues>();
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const showError = (reason: unknown) => setError(reason instanceof RequestError ? reason.message : t('request.unknownError'));
  const sendCode = useSendSignInCode({ onError: showError });
  const signIn = useSignInByCode({ onError: showError });
  const field = channel === 'email' ? 'email' : 'mobile';
  const target = () => String(form.getFieldValue(field) ?? '').trim();

  return (
    <Form<TCodeLoginValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      size="large"
      onValuesChange={() => setError(null)}
      onFinish={(values) => {
        setError(null);
        void signIn.run({ channel, target: target(), code: values.code.trim() }).then((result) => {
          if (result) onSignedIn(result);
        });
      }}
    >
      {channel === 'email' ? <EmailField icon /> : <MobileField />}
      <CodeFormItem
        beforeSend={checkFieldFirst(form, field)}
        onSend={async () => {
          setError(null);
          const sent = await sendCode.run({ channel, target: target() });
          setSentTo(sent ? sent.sentTo : null);
          return sent;
        }}
        sentTo={sentTo}
      />
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="code-login-error" />}
      <FormSubmitButton pending={signIn.isPending} testId="code-login-submit">
        {t('login.submit')}
      </FormSubmitButton>
    </Form>
  );
}
