import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MAX, PASSWORD_MIN, checkPassword } from '@mbo/shared/password';
import type { TUpdatePasswordBody } from '@mbo/shared/auth';

type TPasswordFormProps = {
  submitting: boolean;
  onSubmit: (values: TUpdatePasswordBody) => void;
};

export function PasswordForm({ submitting, onSubmit }: TPasswordFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TUpdatePasswordBody>();
  const rule = { min: PASSWORD_MIN, max: PASSWORD_MAX };

  return (
    <Form<TUpdatePasswordBody> form={form} layout="vertical" onFinish={onSubmit} style={{ maxWidth: 480 }}>
      <Form.Item name="oldPassword" label={t('password.old')} rules={[{ required: true, message: t('password.oldRequired') }]}>
        <Input.Password autoComplete="current-password" placeholder={t('password.oldPlaceholder')} />
      </Form.Item>
      <Form.Item
        name="newPassword"
        label={t('password.new')}
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
        name="confirmPassword"
        label={t('password.confirm')}
        dependencies={['newPassword']}
        rules={[
          { required: true, message: t('password.confirmRequired') },
          ({ getFieldValue }) => ({
            validator: (_rule, value: string | undefined) =>
              !value || value === getFieldValue('newPassword') ? Promise.resolve() : Promise.reject(new Error(t('password.mismatch'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" placeholder={t('password.confirmPlaceholder')} />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={submitting} data-testid="password-submit">
          {t('password.submit')}
        </Button>
      </Form.Item>
    </Form>
  );
}
