import { Input, type InputProps } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

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
