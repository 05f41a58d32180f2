import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TUpdatePasswordBody } from '@mbo/shared/auth';
import { NewPasswordFields } from '../../../platform/new-password-fields';

type TPasswordFormProps = {
  submitting: boolean;
  onSubmit: (values: TUpdatePasswordBody) => void;
};

export function PasswordForm({ submitting, onSubmit }: TPasswordFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TUpdatePasswordBody>();

  return (
    <Form<TUpdatePasswordBody> form={form} layout="vertical" onFinish={onSubmit} style={{ maxWidth: 480 }}>
      <Form.Item name="oldPassword" label={t('password.old')} rules={[{ required: true, message: t('password.oldRequired') }]}>
        <Input.Password autoComplete="current-password" placeholder={t('password.oldPlaceholder')} />
      </Form.Item>
      <NewPasswordFields />
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={submitting} data-testid="password-submit">
          {t('password.submit')}
        </Button>
      </Form.Item>
    </Form>
  );
}
