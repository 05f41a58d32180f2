import { Form, Input, type InputProps } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { emailRules } from './contact-rules';

/**
 * The email address box of the sign-in, registration and settings forms: the same keyboard, autofill,
 * length limit and example everywhere. `icon` puts the envelope in front. Form.Item's value, onChange and id pass through.
 */
export function EmailInput({ icon = false, ...props }: InputProps & { icon?: boolean }) {
  const { t } = useTranslation();
  return (
    <Input
      prefix={icon ? <MailOutlined /> : undefined}
      inputMode="email"
      autoComplete="email"
      maxLength={254}
      placeholder={t('email.placeholder')}
      {...props}
    />
  );
}

type TFieldProps = { name?: string; label?: string; extra?: string; icon?: boolean };

/** A form's email field: its label ("Email" unless given), the §5 rule and the EmailInput. */
export function EmailField({ name = 'email', label, extra, icon }: TFieldProps) {
  const { t } = useTranslation();
  return (
    <Form.Item name={name} label={label ?? t('email.label')} rules={emailRules(t)} extra={extra}>
      <EmailInput icon={icon} />
    </Form.Item>
  );
}
