import { Card, Empty, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { GatewayStatus } from '@mbo/shared/gateways';
import { useProducts } from '../api/get-products';

/**
 * Foreign-trade collection products: the gateways this person may see and the card schemes they take.
 * A read-only table of a few rows, so a plain HTML table styled like the product's tables rather than
 * antd's Table (sorting, paging and virtual scrolling it does not use; about 50 KB gzip that the
 * dashboard would load before its first figure). Its scroll region is focusable and named, as every
 * table that may scroll sideways.
 */
export function ProductsCard() {
  const { t } = useTranslation();
  const products = useProducts();
  const title = t('dashboard.products.title');
  return (
    <Card title={title} data-testid="dashboard-products">
      {products.isPending && <Skeleton active paragraph={{ rows: 2 }} />}
      {products.isError && <Empty description={t('common.loadFailed')} />}
      {products.data &&
        (products.data.list.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.products.empty')} />
        ) : (
          <div className="mbo-plain-table" role="region" aria-label={title} tabIndex={0}>
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('dashboard.products.gatewayNo')}</th>
                  <th scope="col">{t('dashboard.products.currency')}</th>
                  <th scope="col">{t('dashboard.products.cardSchemes')}</th>
                  <th scope="col">{t('dashboard.products.status')}</th>
                </tr>
              </thead>
              <tbody>
                {products.data.list.map((p) => (
                  <tr key={p.gatewayNo} data-testid="product-row">
                    <td>{p.gatewayNo}</td>
                    <td>{p.currency}</td>
                    <td className="mbo-plain-table__wrap">
                      <div className="mbo-tags">
                        {p.cardSchemes.map((s) => (
                          <Tag key={s}>{t(`tradeEnum.cardScheme.${s}`)}</Tag>
                        ))}
                      </div>
                    </td>
                    <td>
                      {p.status === GatewayStatus.enabled ? (
                        <Tag color="success">{t('dashboard.products.enabled')}</Tag>
                      ) : (
                        <Tag>{t('dashboard.products.disabled')}</Tag>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))}
    </Card>
  );
}
