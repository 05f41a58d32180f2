import { Form, Input, Space, type FormInstance, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { VERIFICATION_CODE_LENGTH } from '@mbo/shared/limits';
import { SendCodeButton, type TCodeSendOutcome } from './send-code-button';

const CODE_PATTERN = new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`);

/** Pasted codes often carry spaces or words around them ("Your code: 123 456"): keep the digits. */
function digitsOnly(value: unknown): string {
  return String(value ?? '')
    .replace(/\D/g, '')
    .slice(0, VERIFICATION_CODE_LENGTH);
}

/** Spec §5: a verification code is 6 digits. */
export function codeRules(t: (key: string, options?: Record<string, unknown>) => string): FormRule[] {
  return [
    { required: true, message: t('verificationCode.required') },
    { pattern: CODE_PATTERN, message: t('verificationCode.invalid', { length: VERIFICATION_CODE_LENGTH }) },
  ];
}

/** A `beforeSend` that lets the code go only once the field it goes to is valid; the field shows why not. */
export function checkFieldFirst(form: FormInstance, field: string): () => Promise<boolean> {
  return () =>
    form.validateFields([field]).then(
      () => true,
      () => false,
    );
}

type TCodeFormItemProps = {
  /** Form field name; also the input's id. */
  name?: string;
  label?: string;
  onSend: () => Promise<TCodeSendOutcome>;
  beforeSend?: () => Promise<boolean>;
  sendTestId?: string;
  sendDisabled?: boolean;
  /** Where the last code went ("sent to a***@example.com"), shown under the field once sent. */
  sentTo?: string | null;
  /** Shown under the field until a code is sent. */
  extra?: string | null;
};

/** A 6-digit code field with its send button and countdown beside it. */
export function CodeFormItem({ name = 'code', label, onSend, beforeSend, sendTestId, sendDisabled, sentTo, extra }: TCodeFormItemProps) {
  const { t } = useTranslation();
  return (
    <Form.Item
      label={label ?? t('verificationCode.label')}
      required
      extra={sentTo ? t('verificationCode.sentTo', { target: sentTo }) : extra || undefined}
    >
      <Space.Compact block>
        <Form.Item name={name} noStyle rules={codeRules(t)} validateTrigger="onBlur" normalize={digitsOnly}>
          <Input
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={VERIFICATION_CODE_LENGTH}
            placeholder={t('verificationCode.placeholder', { length: VERIFICATION_CODE_LENGTH })}
          />
        </Form.Item>
        <SendCodeButton onSend={onSend} beforeSend={beforeSend} testId={sendTestId} disabled={sendDisabled} />
      </Space.Compact>
    </Form.Item>
  );
}
