import { useState } from 'react';
import { Alert, Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TLoginBody, TLoginResult } from '@mbo/shared/auth';
import { CodeFormItem } from '../../../platform/code-form-item';
import { RequestError } from '../../../platform/request';
import { useSendUnlockCode, useUnlock } from '../api/unlock';
import { FormSubmitButton } from '../../../platform/form-submit-button';

/**
 * What the sign-in page shows under its form once the lock has refused a sign-in: the offer to unlock
 * with a code. It lives here, beside the unlock step, so that the sign-in page's first download does
 * not carry the notice's code for the rare sign-in that needs it.
 */
export function UnlockOffer({ onStart }: { onStart: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginTop: 16 }}
      data-testid="unlock-offer"
      title={t('login.unlock.offer')}
      action={
        <Button size="small" data-testid="unlock-start" onClick={onStart}>
          {t('login.unlock.start')}
        </Button>
      }
    />
  );
}

type TUnlockFormProps = {
  /** What was typed on the sign-in form that the lock refused; the password is proved again with the code. */
  credentials: TLoginBody;
  onSignedIn: (result: TLoginResult) => void;
  onCancel: () => void;
};

/**
 * The unlock step of the sign-in page (loaded only when a sign-in is refused by the lock): a code sent
 * to the account's mobile or verified email, with the password just typed, clears the lock and signs
 * in. What the page says after "Send code" is the same whether or not the account exists.
 */
export function UnlockForm({ credentials, onSignedIn, onCancel }: TUnlockFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ code: string }>();
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const showError = (reason: unknown) => setError(reason instanceof RequestError ? reason.message : t('request.unknownError'));
  const sendCode = useSendUnlockCode({ onError: showError });
  const unlock = useUnlock({ onError: showError });

  return (
    <Form<{ code: string }>
      form={form}
      layout="vertical"
      requiredMark={false}
      size="large"
      data-testid="unlock-form"
      onValuesChange={() => setError(null)}
      onFinish={(values) => {
        setError(null);
        void unlock.run({ ...credentials, code: values.code.trim() }).then((result) => {
          if (result) onSignedIn(result);
        });
      }}
    >
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        title={t('login.unlock.title')}
        description={t('login.unlock.intro', { loginName: credentials.loginName, merchantNo: credentials.merchantNo })}
      />
      <CodeFormItem
        sendTestId="unlock-send-code"
        onSend={async () => {
          setError(null);
          const answered = await sendCode.run(credentials);
          // The answer is null on success: no countdown hint from the server, so the default applies.
          if (answered === undefined) return undefined;
          setSent(true);
          return {};
        }}
        extra={sent ? t('login.unlock.codeSent') : null}
      />
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="unlock-error" />}
      <FormSubmitButton pending={unlock.isPending} testId="unlock-submit" marginBottom={8}>
        {t('login.unlock.submit')}
      </FormSubmitButton>
      <Button type="link" block onClick={onCancel} data-testid="unlock-cancel">
        {t('login.unlock.back')}
      </Button>
    </Form>
  );
}
