import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ResultTitle } from '../../platform/page';

export function NotFoundPage({ variant = 'notFound' }: { variant?: 'notFound' | 'noPermission' }) {
  const { t } = useTranslation();
  return (
    <Result
      status={variant === 'notFound' ? '404' : '403'}
      title={<ResultTitle>{t(`${variant}.title`)}</ResultTitle>}
      subTitle={t(`${variant}.description`)}
      extra={
        <Link to="/">
          <Button type="primary" data-testid="not-found-home">
            {t('prepared.backHome')}
          </Button>
        </Link>
      }
    />
  );
}
