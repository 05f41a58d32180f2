import type { ReactNode } from 'react';
import { Card, type TableColumnsType, type TableColumnType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TListPage } from '@mbo/shared/list';
import { PAGE_DEFAULT } from '@mbo/shared/paging';
import { VIEW_URL_PARAM } from '@mbo/shared/views';
import { ExportButtons } from './export-buttons';
import { formatCount } from './format';
import type { TFilterField } from './filter-fields';
import { FilterForm } from './filter-form';
import { columnChoices, shownColumns } from './list-display';
import { ListTable } from './list-table';
import { ListToolbar } from './list-toolbar';
import type { TFilterValues } from './list-url-state';
import type { TListScreenState } from './list-screen';
import { useListViews } from './list-views';
import { Pagination } from './pagination';
import { useHasPermission } from './session';
import { TableRegion } from './table-region';
import './list-page.css';

type TListPageProps<Page extends TListPage<unknown>, K extends string> = {
  screen: TListScreenState<Page, K>;
  columns: TableColumnsType<Page['list'][number]>;
  /** The screen's fields when they depend on the session (otherwise the screen's own). */
  fields?: readonly TFilterField<K>[];
  /** More buttons beside Search (apply for a refund, ...). */
  actions?: ReactNode;
  /** Between the filters and the table (what the screen says about the list as a whole). */
  header?: ReactNode;
  /** Rows after the data (a report's totals). */
  summary?: () => ReactNode;
  /** Below the paging control (a note on how the figures are counted). */
  footer?: ReactNode;
  /** Drawers and dialogs of the screen. */
  children?: ReactNode;
};

/**
 * The frame of every list screen: title, the filter form built from the screen's field list, the bar of
 * saved views, columns and density (list-toolbar.tsx), the table (its scroller a focusable region, so a
 * keyboard can scroll its columns), the shared paging control and, when the count stopped at its cap, a
 * note saying so. A screen is then its columns, its filter fields and its actions.
 */
export function ListPage<Page extends TListPage<unknown>, K extends string>(p: TListPageProps<Page, K>) {
  type Row = Page['list'][number];
  const { t } = useTranslation();
  const { def, url, list } = p.screen;
  const exporter = def.export;
  const jsonl = exporter?.jsonl;
  const holdsExport = useHasPermission(...(exporter?.permission ? [exporter.permission] : []));
  const mayExport = exporter !== undefined && (exporter.permission === undefined || holdsExport);
  const fields = p.fields ?? def.fields;
  const views = useListViews(url, fields);
  const columns = shownColumns(p.columns, views.hidden);
  // A column pinned to a side (an actions column) needs antd's own sideways scrolling; any other table
  // is scrolled by its region, which spares a measuring pass before the first rows show (TableRegion).
  const pinned = columns.some((column) => column.fixed);
  return (
    <div className="mbo-page">
      <h1 className="mbo-page-title" data-testid="page-title">
        {t(def.title)}
      </h1>
      <Card>
        <FilterForm<K>
          fields={fields}
          value={url.filters}
          defaults={url.defaults}
          schema={url.schema}
          onSearch={(filters: TFilterValues<K>) => list.search(filters)}
          // Reset is the plain list: no saved view chosen any more.
          onReset={() => {
            if (!url.update({ filters: url.defaults, page: PAGE_DEFAULT, extras: { [VIEW_URL_PARAM]: null } })) list.refetch();
          }}
          actions={
            <>
              {p.actions}
              {exporter && mayExport && (
                <ExportButtons
                  onExport={(format) => exporter.run(url.params, format)}
                  csvLabel={t('list.exportCsv')}
                  xlsxLabel={t('list.exportXlsx')}
                  testIdPrefix="export"
                  rows={{ total: list.total, capped: list.capped }}
                  {...(jsonl ? { jsonl: { label: t('list.exportJsonl'), run: () => jsonl(url.params) } } : {})}
                />
              )}
            </>
          }
        />
        {p.header}
        <ListToolbar views={views} choices={columnChoices(p.columns)} />
        <TableRegion label={t(def.title)} scrolls={!pinned}>
          <ListTable<Row>
            rowKey={def.rowKey}
            columns={columns}
            density={views.density}
            rows={list.rows}
            loading={list.loading}
            testId={def.testId}
            {...(pinned ? { scroll: { x: 'max-content' } } : {})}
            {...(p.summary ? { summary: p.summary } : {})}
          />
        </TableRegion>
        <Pagination total={list.total} capped={list.capped} page={url.page} limit={url.limit} onChange={url.setPage} />
        {list.capped && (
          // `total` is then a lower bound: the cap, or fewer where the server stopped counting early.
          // While the exact count is asked the note says so; it goes when the count arrives.
          <div className="mbo-capped-note" data-testid="capped-note" aria-live="polite">
            {t(list.counting ? 'list.counting' : 'list.capped', { cap: formatCount(list.total) })}
          </div>
        )}
        {p.footer}
      </Card>
      {p.children}
    </div>
  );
}

/**
 * A column whose cell opens the row's detail (kept in the URL by the screen): a plain button that looks
 * like antd's small link button (list-page.css). antd's Button in each of a page's rows cost the formal
 * list's cold load 25 ms (median of 20 paired loads on two cores, bench/RESULTS.md).
 */
export function detailLinkColumn<Row>(
  title: string,
  key: keyof Row & string,
  testId: string,
  open: (value: string) => void,
): TableColumnType<Row> {
  return {
    title,
    dataIndex: key,
    key,
    render: (value: string) => (
      <button type="button" className="mbo-row-link" data-testid={testId} onClick={() => open(value)}>
        {value}
      </button>
    ),
  };
}
