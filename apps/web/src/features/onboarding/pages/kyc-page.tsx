import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PlainFrame } from '../../../platform/plain-frame';
import { BeingPrepared } from '../../../platform/being-prepared';
import { SignOutButton } from '../components/sign-out-button';

export function KycPage() {
  const { t } = useTranslation();
  return (
    <PlainFrame>
      <BeingPrepared
        titleKey="route.kyc"
        extra={
          <Space wrap>
            <Link to="/">
              <Button type="primary">{t('prepared.backHome')}</Button>
            </Link>
            <SignOutButton />
          </Space>
        }
      />
    </PlainFrame>
  );
}
