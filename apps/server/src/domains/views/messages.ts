/** Messages of saved list views (views): their refusals, field names and the operation-log names of their writes. */
const zhCn = {
  'opAction.views.create': '保存列表视图',
  'opAction.views.update': '修改列表视图',
  'opAction.views.delete': '删除列表视图',
  'opAction.views.default': '设置默认列表视图',
  'views.badFilters': '视图的筛选条件无效：{fields}',
  'views.tooManyFilters': '筛选条件过多',
  'views.tooMany': '每个列表最多保存 {max} 个视图，请先删除不用的视图',
  'views.titleTaken': '此列表已有同名视图，请换一个名称',
  'views.shareForbidden': '您没有共享视图的权限',
  'views.deleteForbidden': '只能删除自己保存的视图',
  'field.filters': '筛选条件',
  'field.hiddenColumns': '隐藏的列',
  'field.screen': '列表',
  'field.shared': '共享',
};

type Key = keyof typeof zhCn;

const zhHk: Record<Key, string> = {
  'opAction.views.create': '儲存列表檢視',
  'opAction.views.update': '修改列表檢視',
  'opAction.views.delete': '刪除列表檢視',
  'opAction.views.default': '設定預設列表檢視',
  'views.badFilters': '檢視的篩選條件無效：{fields}',
  'views.tooManyFilters': '篩選條件過多',
  'views.tooMany': '每個列表最多儲存 {max} 個檢視，請先刪除不用的檢視',
  'views.titleTaken': '此列表已有同名檢視，請換一個名稱',
  'views.shareForbidden': '您沒有共享檢視的權限',
  'views.deleteForbidden': '只能刪除自己儲存的檢視',
  'field.filters': '篩選條件',
  'field.hiddenColumns': '隱藏的欄',
  'field.screen': '列表',
  'field.shared': '共享',
};

const en: Record<Key, string> = {
  'opAction.views.create': 'Save a list view',
  'opAction.views.update': 'Change a list view',
  'opAction.views.delete': 'Delete a list view',
  'opAction.views.default': 'Set the default list view',
  'views.badFilters': "The view's filters are not valid: {fields}",
  'views.tooManyFilters': 'Too many filters',
  'views.tooMany': 'A list keeps at most {max} views: delete one you no longer use first',
  'views.titleTaken': 'This list already has a view with that title: choose another',
  'views.shareForbidden': 'You may not share views',
  'views.deleteForbidden': 'You may delete only the views you saved',
  'field.filters': 'Filters',
  'field.hiddenColumns': 'Hidden columns',
  'field.screen': 'List',
  'field.shared': 'Shared',
};

export const VIEW_MESSAGES = { zhCn, zhHk, en };

declare module '../../platform/messages' {
  interface MessageCatalogs {
    views: Key;
  }
}
