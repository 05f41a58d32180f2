import type { ReactNode } from 'react';
import { Button, Result } from 'antd';
import { HourglassOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ResultTitle } from './page';

type TBeingPreparedProps = {
  /** Locale key of the screen's name. */
  titleKey: string;
  /** Replaces the default "back to the dashboard" button. */
  extra?: ReactNode;
};

/** Stand-in for a screen whose content comes with later work. */
export function BeingPrepared({ titleKey, extra }: TBeingPreparedProps) {
  const { t } = useTranslation();
  return (
    <Result
      className="mbo-being-prepared"
      icon={<HourglassOutlined style={{ color: '#409EFF' }} />}
      title={<ResultTitle>{t('prepared.title', { name: t(titleKey) })}</ResultTitle>}
      subTitle={t('prepared.description')}
      extra={
        extra ?? (
          <Link to="/">
            <Button type="primary" data-testid="prepared-home">
              {t('prepared.backHome')}
            </Button>
          </Link>
        )
      }
    />
  );
}
