import { Card, Descriptions, Empty, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { parseTime } from '../../../platform/format';
import { useTimezone } from '../../../platform/timezone';
import { useMerchantSummary } from '../api/get-merchant-summary';

const DATE = 'YYYY-MM-DD';

export function MerchantCard() {
  const { t } = useTranslation();
  const tz = useTimezone();
  const summary = useMerchantSummary();
  const data = summary.data;

  return (
    <Card title={t('dashboard.merchant.title')} data-testid="dashboard-merchant">
      {summary.isPending && <Skeleton active paragraph={{ rows: 3 }} />}
      {summary.isError && <Empty description={t('common.loadFailed')} />}
      {data && (
        <Descriptions column={1} size="small">
          <Descriptions.Item label={t('dashboard.merchant.merchantNo')}>
            <span data-testid="merchant-no">{data.merchantNo}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('dashboard.merchant.name')}>{data.name}</Descriptions.Item>
          <Descriptions.Item label={t('dashboard.merchant.contract')}>
            {data.contractStart || data.contractEnd ? (
              <span data-testid="merchant-contract">
                {parseTime(data.contractStart, DATE, tz.timezone) || t('common.none')} ~{' '}
                {parseTime(data.contractEnd, DATE, tz.timezone) || t('common.none')}
              </span>
            ) : (
              t('common.none')
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('dashboard.merchant.services')}>
            {data.services.length > 0 ? (
              <div className="mbo-tags">
                {data.services.map((service) => (
                  <Tag key={service} color="blue">
                    {/* Services are stored as scheme codes ("visa"): shown with the scheme's own name, as everywhere else. */}
                    {t(`tradeEnum.cardScheme.${service.toUpperCase()}`, { defaultValue: service })}
                  </Tag>
                ))}
              </div>
            ) : (
              t('common.none')
            )}
          </Descriptions.Item>
        </Descriptions>
      )}
    </Card>
  );
}
