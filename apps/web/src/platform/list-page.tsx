import type { ReactNode } from 'react';
import { Card, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { LIST_COUNT_CAP, type TExportFormat, type TListPage } from '@mbo/shared/list';
import type { TPermission } from '@mbo/shared/permissions';
import { ExportButtons } from './export-buttons';
import { FilterForm, type TFilterField } from './filter-form';
import type { TFilterValues, TListUrl } from './list-url-state';
import { Pagination } from './pagination';
import { useHasPermission } from './session';
import type { TKeysetList } from './use-keyset-list';

type TListPageProps<Row, K extends string> = {
  /** Locale key of the screen's title (usually the menu's). */
  title: string;
  url: TListUrl<K>;
  list: TKeysetList<Row, TListPage<Row>>;
  fields: readonly TFilterField<K>[];
  columns: TableColumnsType<Row>;
  rowKey: (keyof Row & string) | ((row: Row) => string);
  /** data-testid of the table. */
  testId: string;
  /** The export, shown to those who hold `exportPermission`; it gets the applied filters. */
  onExport?: (filters: Partial<Record<K, string>>, format: TExportFormat) => Promise<unknown>;
  exportPermission?: TPermission;
  /** More buttons beside Search (apply for a refund, ...). */
  actions?: ReactNode;
  /** Above the table (a summary, a warning). */
  header?: ReactNode;
  /** Drawers and dialogs of the screen. */
  children?: ReactNode;
  /** Columns wider than the screen scroll inside the table. */
  scrollX?: number | 'max-content';
  /** Rows after the data (a report's totals). */
  summary?: () => ReactNode;
  /** Below the paging control (a note on how the figures are counted). */
  footer?: ReactNode;
};

/**
 * The frame of every list screen: title, the filter form built from the screen's field list, the
 * table, the shared paging control and, when the count stopped at its cap, a note saying so. A
 * screen is then its columns, its filter fields and its actions.
 */
export function ListPage<Row extends object, K extends string>(p: TListPageProps<Row, K>) {
  const { t } = useTranslation();
  const mayExport = useHasPermission(...(p.exportPermission ? [p.exportPermission] : []));
  const exportButtons =
    p.onExport && mayExport ? (
      <ExportButtons
        onExport={(format) => p.onExport?.(p.url.params, format) ?? Promise.resolve()}
        csvLabel={t('list.exportCsv')}
        xlsxLabel={t('list.exportXlsx')}
        testIdPrefix="export"
      />
    ) : null;
  return (
    <div className="mbo-page">
      <h1 className="mbo-page-title" data-testid="page-title">
        {t(p.title)}
      </h1>
      <Card>
        <FilterForm<K>
          fields={p.fields}
          value={p.url.filters}
          defaults={p.url.defaults}
          schema={p.url.schema}
          onSearch={(filters: TFilterValues<K>) => p.list.search(filters)}
          actions={
            <>
              {p.actions}
              {exportButtons}
            </>
          }
        />
        {p.header}
        <div className="mbo-table-region" tabIndex={0} role="region" aria-label={t(p.title)}>
          <Table<Row>
            rowKey={p.rowKey}
            size="middle"
            columns={p.columns}
            dataSource={p.list.rows}
            loading={p.list.loading}
            pagination={false}
            scroll={{ x: p.scrollX ?? 'max-content' }}
            data-testid={p.testId}
            {...(p.summary ? { summary: p.summary } : {})}
          />
        </div>
        <Pagination total={p.list.total} page={p.url.page} limit={p.url.limit} onChange={p.url.setPage} />
        {p.list.capped && (
          <div className="mbo-capped-note" data-testid="capped-note">
            {t('list.capped', { cap: LIST_COUNT_CAP.toLocaleString('en-US') })}
          </div>
        )}
        {p.footer}
      </Card>
      {p.children}
    </div>
  );
}
