import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PlainFrame } from '../../../platform/plain-frame';
import { BeingPrepared } from '../../../platform/being-prepared';

export function RegisterPage() {
  const { t } = useTranslation();
  return (
    <PlainFrame>
      <BeingPrepared
        titleKey="route.register"
        extra={
          <Link to="/loginNew">
            <Button type="primary" data-testid="prepared-login">
              {t('prepared.backLogin')}
            </Button>
          </Link>
        }
      />
    </PlainFrame>
  );
}
