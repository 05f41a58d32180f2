import { type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatAmount, parseTime } from '../../../platform/format';
import { ListPage } from '../../../platform/list-page';
import { useListScreen } from '../../../platform/list-screen';
import { useTimezone } from '../../../platform/timezone';
import type { TProduct } from '@mbo/shared/waybills';
import { PRODUCT_LIST } from '../waybill-lists';

/** Product information (spec §2): goods number, name, price, quantity, order status, freight and the order total. */
export function ProductListPage() {
  const { t } = useTranslation();
  const tz = useTimezone();
  const screen = useListScreen(PRODUCT_LIST);
  const columns: TableColumnsType<TProduct> = [
    { title: t('products.tradeNo'), dataIndex: 'tradeNo', key: 'tradeNo' },
    { title: t('products.merchantOrderNo'), dataIndex: 'merchantOrderNo', key: 'merchantOrderNo' },
    { title: t('products.goodsNo'), dataIndex: 'goodsNo', key: 'goodsNo' },
    { title: t('products.name'), dataIndex: 'name', key: 'name' },
    { title: t('products.price'), key: 'price', align: 'right', render: (_: unknown, r) => formatAmount(r.price, r.currency) },
    { title: t('products.quantity'), dataIndex: 'quantity', key: 'quantity', align: 'right' },
    { title: t('products.freight'), key: 'freight', align: 'right', render: (_: unknown, r) => formatAmount(r.freight, r.currency) },
    {
      title: t('products.orderTotal'),
      key: 'orderTotal',
      align: 'right',
      render: (_: unknown, r) => `${formatMoney(r.orderTotal)} ${r.currency}`,
    },
    {
      title: t('products.orderStatus'),
      dataIndex: 'orderStatus',
      key: 'orderStatus',
      render: (v: number) => t(`tradeEnum.payStatus.${v}`),
    },
    { title: t('products.tradeAt'), dataIndex: 'tradeAt', key: 'tradeAt', render: (v: string) => parseTime(v, undefined, tz.timezone) },
  ];
  return <ListPage screen={screen} columns={columns} />;
}
