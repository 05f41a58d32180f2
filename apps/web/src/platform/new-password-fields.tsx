import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MAX, PASSWORD_MIN, checkPassword } from '@mbo/shared/password';

type TNewPasswordFieldsProps = {
  /** Field of the new password: `password` (sign-up, invitation) or `newPassword` (change, reset). */
  name?: string;
  confirmName?: string;
  label?: string;
  confirmLabel?: string;
};

/**
 * A new password and its confirmation with the spec §5 rule (shared checkPassword) and the §8
 * messages: "a password following the rules is required", "the two passwords differ".
 */
export function NewPasswordFields({ name = 'newPassword', confirmName = 'confirmPassword', label, confirmLabel }: TNewPasswordFieldsProps) {
  const { t } = useTranslation();
  const rule = { min: PASSWORD_MIN, max: PASSWORD_MAX };
  return (
    <>
      <Form.Item
        name={name}
        label={label ?? t('password.new')}
        extra={t('password.ruleText', rule)}
        rules={[
          {
            validator: (_rule, value: string | undefined) =>
              checkPassword(value) === null ? Promise.resolve() : Promise.reject(new Error(t('password.invalid', rule))),
          },
        ]}
      >
        <Input.Password autoComplete="new-password" placeholder={t('password.newPlaceholder')} />
      </Form.Item>
      <Form.Item
        name={confirmName}
        label={confirmLabel ?? t('password.confirm')}
        dependencies={[name]}
        rules={[
          { required: true, message: t('password.confirmRequired') },
          ({ getFieldValue }) => ({
            validator: (_rule, value: string | undefined) =>
              !value || value === getFieldValue(name) ? Promise.resolve() : Promise.reject(new Error(t('password.mismatch'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" placeholder={t('password.confirmPlaceholder')} />
      </Form.Item>
    </>
  );
}
