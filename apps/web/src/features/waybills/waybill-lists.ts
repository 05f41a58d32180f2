import { PRODUCTS, WaybillPath, WAYBILLS, WaybillStatus } from '@mbo/shared/waybills';
import { dateRangeField, enumOptions, gatewayField, selectField, textField } from '../../platform/filter-fields';
import { declaredScreen } from '../../platform/list-screen';
import { productsKey, waybillsKey } from './api/waybills';

/** Waybill status query (spec §2): the successful transactions that need delivery proof. */
export const WAYBILL_LIST = declaredScreen(WAYBILLS, {
  title: 'menu.waybill',
  key: waybillsKey,
  path: WaybillPath.list,
  fields: [
    dateRangeField('waybills.tradeDate'),
    textField('tradeNo', 'waybills.tradeNo', 64),
    selectField('status', 'waybills.status', enumOptions('waybills.statuses', WaybillStatus), { all: true }),
    { kind: 'number', key: 'dueWithinDays', label: 'waybills.dueWithin', min: 0, max: 30, suffix: 'waybills.days', more: true },
    textField('trackingNo', 'waybills.trackingNo', 40, { more: true }),
    gatewayField('waybills.gatewayNo'),
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
    dateRangeField('products.tradeDate'),
    textField('tradeNo', 'products.tradeNo', 64),
    textField('name', 'products.name', 100),
    textField('goodsNo', 'products.goodsNo', 64, { more: true }),
    gatewayField('products.gatewayNo'),
  ],
  testId: 'product-table',
  export: { path: WaybillPath.productsExport, file: 'products' },
});
