import { Button, Divider, Form, Input } from 'antd';
import { KeyOutlined, LockOutlined, ShopOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TLoginBody } from '@mbo/shared/auth';
import { FormSubmitButton } from '../../../platform/form-submit-button';

type TLoginFormProps = {
  submitting: boolean;
  onSubmit: (values: TLoginBody) => void;
  /** Sign-in with a passkey for the merchant number typed (the other fields are not needed). */
  onPasskey: (merchantNo: string) => void;
  passkeyPending: boolean;
};

/** Field limits mirror ZLoginBody in packages/shared/src/auth.ts. */
const MERCHANT_NO_MAX = 20;
const LOGIN_NAME_MAX = 64;
const PASSWORD_MAX = 128;

export function LoginForm({ submitting, onSubmit, onPasskey, passkeyPending }: TLoginFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TLoginBody>();
  const passkey = () =>
    form.validateFields(['merchantNo']).then(
      (values) => onPasskey(values.merchantNo.trim()),
      () => undefined,
    );
  return (
    <Form<TLoginBody>
      form={form}
      layout="vertical"
      requiredMark={false}
      size="large"
      onFinish={(values) =>
        onSubmit({ merchantNo: values.merchantNo.trim(), loginName: values.loginName.trim(), password: values.password })
      }
    >
      <Form.Item
        name="merchantNo"
        label={t('login.merchantNo')}
        rules={[
          { required: true, whitespace: true, message: t('login.merchantNoRequired') },
          { pattern: /^\s*\d+\s*$/, message: t('login.merchantNoDigits') },
        ]}
      >
        <Input
          prefix={<ShopOutlined />}
          inputMode="numeric"
          autoComplete="organization"
          maxLength={MERCHANT_NO_MAX}
          placeholder={t('login.merchantNoPlaceholder')}
        />
      </Form.Item>
      <Form.Item
        name="loginName"
        label={t('login.loginName')}
        rules={[{ required: true, whitespace: true, message: t('login.loginNameRequired') }]}
      >
        <Input prefix={<UserOutlined />} autoComplete="username" maxLength={LOGIN_NAME_MAX} placeholder={t('login.loginNamePlaceholder')} />
      </Form.Item>
      <Form.Item name="password" label={t('login.password')} rules={[{ required: true, message: t('login.passwordRequired') }]}>
        <Input.Password
          prefix={<LockOutlined />}
          autoComplete="current-password"
          maxLength={PASSWORD_MAX}
          placeholder={t('login.passwordPlaceholder')}
        />
      </Form.Item>
      <FormSubmitButton pending={submitting} testId="login-submit">
        {t('login.submit')}
      </FormSubmitButton>
      <Divider plain className="mbo-login-card__or">
        {t('login.passkey.or')}
      </Divider>
      <Button block size="large" icon={<KeyOutlined />} loading={passkeyPending} onClick={() => void passkey()} data-testid="login-passkey">
        {t('login.passkey.button')}
      </Button>
    </Form>
  );
}
