import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function NotFoundPage({ variant = 'notFound' }: { variant?: 'notFound' | 'noPermission' }) {
  const { t } = useTranslation();
  return (
    <Result
      status={variant === 'notFound' ? '404' : '403'}
      title={
        <h1 className="mbo-result-title" data-testid="page-title">
          {t(`${variant}.title`)}
        </h1>
      }
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
