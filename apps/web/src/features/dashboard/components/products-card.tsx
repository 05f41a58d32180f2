import { Card, Empty, Skeleton, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TProduct } from '@mbo/shared/dashboard';
import { GatewayStatus } from '@mbo/shared/gateways';
import { useProducts } from '../api/get-products';
import { TableRegion } from '../../../platform/table-region';

/** Foreign-trade collection products: the gateways this person may see and the card schemes they take. */
export function ProductsCard() {
  const { t } = useTranslation();
  const products = useProducts();
  return (
    <Card title={t('dashboard.products.title')} data-testid="dashboard-products">
      {products.isPending && <Skeleton active paragraph={{ rows: 2 }} />}
      {products.isError && <Empty description={t('common.loadFailed')} />}
      {products.data && (
        <TableRegion label={t('dashboard.products.title')}>
          <Table<TProduct>
            rowKey="gatewayNo"
            size="small"
            pagination={false}
            scroll={{ x: 'max-content' }}
            dataSource={products.data.list}
            locale={{ emptyText: t('dashboard.products.empty') }}
            columns={[
              { key: 'gatewayNo', dataIndex: 'gatewayNo', title: t('dashboard.products.gatewayNo') },
              { key: 'currency', dataIndex: 'currency', title: t('dashboard.products.currency') },
              {
                key: 'cardSchemes',
                dataIndex: 'cardSchemes',
                title: t('dashboard.products.cardSchemes'),
                render: (schemes: string[]) => (
                  <div className="mbo-tags">
                    {schemes.map((s) => (
                      <Tag key={s}>{t(`tradeEnum.cardScheme.${s}`)}</Tag>
                    ))}
                  </div>
                ),
              },
              {
                key: 'status',
                dataIndex: 'status',
                title: t('dashboard.products.status'),
                render: (status: number) =>
                  status === GatewayStatus.enabled ? (
                    <Tag color="success">{t('dashboard.products.enabled')}</Tag>
                  ) : (
                    <Tag>{t('dashboard.products.disabled')}</Tag>
                  ),
              },
            ]}
          />
        </TableRegion>
      )}
    </Card>
  );
}
