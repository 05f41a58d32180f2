import { PRODUCTS, WaybillPath, WAYBILLS, WaybillStatus } from '@mbo/shared/waybills';
import { enumOptions, selectField, textField } from '../../platform/filter-fields';
import { declaredScreen } from '../../platform/list-screen';
import { productsKey, waybillsKey } from './api/waybills';

/** Waybill status query (spec §2): the successful transactions that need delivery proof. */
export const WAYBILL_LIST = declaredScreen(WAYBILLS, {
  title: 'menu.waybill',
  key: waybillsKey,
  path: WaybillPath.list,
  fields: [
    { kind: 'dateRange', from: 'from', to: 'to', label: 'waybills.tradeDate' },
    textField('tradeNo', 'waybills.tradeNo', 64),
    selectField('status', 'waybills.status', enumOptions('waybills.statuses', WaybillStatus), { all: true }),
    { kind: 'number', key: 'dueWithinDays', label: 'waybills.dueWithin', min: 0, max: 30, suffix: 'waybills.days', more: true },
    textField('trackingNo', 'waybills.trackingNo', 40, { more: true }),
    textField('gatewayNo', 'waybills.gatewayNo', 20, { digits: true, more: true }),
  ],
  rowKey: 'tradeNo',
  testId: 'waybill-table',
  extras: ['upload'],
  export: { path: WaybillPath.export, file: 'waybills' },
});

/** Product information (spec §2): the goods of each order with its freight and total. */
export const PRODUCT_LIST = declaredScreen(PRODUCTS, {
  title: 'menu.productInfo',
  key: productsKey,
  path: WaybillPath.products,
  fields: [
    { kind: 'dateRange', from: 'from', to: 'to', label: 'products.tradeDate' },
    textField('tradeNo', 'products.tradeNo', 64),
    textField('name', 'products.name', 100),
    textField('goodsNo', 'products.goodsNo', 64, { more: true }),
    textField('gatewayNo', 'products.gatewayNo', 20, { digits: true, more: true }),
  ],
  rowKey: 'id',
  testId: 'product-table',
  export: { path: WaybillPath.productsExport, file: 'products' },
});
