import { Card, Result } from 'antd';
import { HourglassOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** A dashboard area whose content comes with later work, labelled as such. */
export function PreparingCard({ titleKey, testId }: { titleKey: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <Card title={t(titleKey)} data-testid={testId}>
      <Result
        icon={<HourglassOutlined style={{ color: '#409EFF', fontSize: 40 }} />}
        title={<span className="mbo-preparing__title">{t('dashboard.preparing.title')}</span>}
        subTitle={t('dashboard.preparing.description')}
        style={{ padding: '16px 0' }}
      />
    </Card>
  );
}
