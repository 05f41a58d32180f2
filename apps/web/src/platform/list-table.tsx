import { isValidElement, useContext, type Key, type ReactNode } from 'react';
import { ConfigProvider, Empty, Spin, Table, type TableColumnType, type TableColumnsType, type TableProps } from 'antd';
// antd's own hooks for a table's class names: the theme's CSS variables reach the table through them
// (zeroRuntime still registers each component's variables as it first renders).
import useCSSVarCls from 'antd/es/config-provider/hooks/useCSSVarCls';
import useTableStyle from 'antd/es/table/style';
import type { TDensity } from './list-display';
import './list-table.css';

type TListTableProps<Row> = {
  rowKey: string | ((row: Row) => Key);
  columns: TableColumnsType<Row>;
  rows: readonly Row[];
  loading: boolean;
  testId: string;
  /** Compact: antd's small table (less padding per row). */
  density?: TDensity;
  /** Rows after the data (a report's totals), drawn in the table's footer. */
  summary?: () => ReactNode;
  /** antd's own sideways scrolling, for a table with a column pinned to a side. */
  scroll?: TableProps<Row>['scroll'];
};

/** What a plain column may hold: a title, a value by a plain key or the whole row, a render, align, width and ellipsis. */
function isPlainColumn<Row>(column: TableColumnsType<Row>[number]): column is TableColumnType<Row> {
  const c = column as TableColumnType<Row> & { children?: unknown };
  return (
    c.children === undefined &&
    c.fixed === undefined &&
    (c.dataIndex === undefined || typeof c.dataIndex === 'string') &&
    typeof c.title !== 'function' &&
    c.onCell === undefined &&
    c.onHeaderCell === undefined &&
    c.colSpan === undefined &&
    c.rowSpan === undefined &&
    c.sorter === undefined &&
    c.filters === undefined &&
    c.className === undefined &&
    c.hidden === undefined &&
    c.responsive === undefined &&
    c.shouldCellUpdate === undefined
  );
}

/**
 * The list kit's table. A page of rows whose columns are plain (every list screen but those with a
 * column pinned to a side) is drawn as the elements and class names antd's Table gives the same
 * columns, with antd's stylesheet and theme variables, but without antd's components for each row
 * and cell: rc-table's cells subscribe to its context one by one and its first render measures the
 * page's scrollbar (a forced layout). On two cores the formal list's first row showed 73 ms sooner
 * on a cold load (median of 20 paired loads, bench/RESULTS.md); a screenshot of the table is
 * the same pixel for pixel. An empty page shows antd's empty state as antd's Table does; a table
 * with a pinned column is antd's Table itself.
 *
 * Rows are highlighted under the pointer by CSS (list-table.css), where antd's cells set a class.
 */
export function ListTable<Row>(p: TListTableProps<Row>) {
  const plain = p.scroll === undefined && p.columns.every(isPlainColumn);
  if (!plain) {
    return (
      <Table<Row>
        rowKey={p.rowKey as TableProps<Row>['rowKey']}
        size={p.density === 'compact' ? 'small' : 'middle'}
        columns={p.columns}
        dataSource={p.rows as Row[]}
        loading={p.loading}
        pagination={false}
        {...(p.scroll ? { scroll: p.scroll } : {})}
        data-testid={p.testId}
        {...(p.summary ? { summary: p.summary } : {})}
      />
    );
  }
  return <PlainTable {...p} columns={p.columns as TableColumnType<Row>[]} />;
}

/** rc-table's text for an ellipsis cell's title: a text child, or an element's text child. */
function ellipsisTitle(node: ReactNode): string | undefined {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (isValidElement<{ children?: unknown }>(node) && typeof node.props.children === 'string') return node.props.children;
  return undefined;
}

/** What rc-table draws of a cell's content: a node, or nothing for a plain object. */
function cellNode(node: unknown): ReactNode {
  return typeof node === 'object' && node !== null && !Array.isArray(node) && !isValidElement(node) ? null : (node as ReactNode);
}

const classes = (...names: string[]) => names.filter(Boolean).join(' ');

function PlainTable<Row>({
  rowKey,
  columns,
  rows,
  loading,
  testId,
  density,
  summary,
}: Omit<TListTableProps<Row>, 'columns'> & { columns: TableColumnType<Row>[] }) {
  const { getPrefixCls, renderEmpty } = useContext(ConfigProvider.ConfigContext);
  const prefixCls = getPrefixCls('table');
  const rootCls = useCSSVarCls(prefixCls);
  const [hashId, cssVarCls] = useTableStyle(prefixCls, rootCls);
  const keyOf = typeof rowKey === 'function' ? rowKey : (row: Row) => (row as Record<string, unknown>)[rowKey] as Key;
  const cell = `${prefixCls}-cell`;
  // rc-table: fixed layout when a column cuts its text; a <col> for each column up to the last with a width.
  const layout = columns.some((c) => c.ellipsis) ? 'fixed' : 'auto';
  let lastWidth = -1;
  columns.forEach((c, i) => {
    if (c.width !== undefined) lastWidth = i;
  });
  const summaryNode = summary?.();
  const colKey = (c: TableColumnType<Row>, i: number): Key => c.key ?? c.dataIndex?.toString() ?? i;
  return (
    <div className={classes(cssVarCls, rootCls, `${prefixCls}-wrapper`, hashId, 'mbo-list-table')}>
      <Spin spinning={loading}>
        <div
          className={classes(
            prefixCls,
            density === 'compact' ? `${prefixCls}-small` : `${prefixCls}-medium`,
            rows.length === 0 ? `${prefixCls}-empty` : '',
            cssVarCls,
            rootCls,
            hashId,
          )}
          data-testid={testId}
        >
          <div className={`${prefixCls}-container`}>
            <div className={`${prefixCls}-content`}>
              <table style={{ tableLayout: layout }}>
                {lastWidth >= 0 && (
                  <colgroup>
                    {columns.slice(0, lastWidth + 1).map((c, i) => (
                      <col key={i} style={{ width: c.width }} />
                    ))}
                  </colgroup>
                )}
                <thead className={`${prefixCls}-thead`}>
                  <tr>
                    {columns.map((c, i) => {
                      const title = cellNode(c.title);
                      return (
                        <th
                          key={colKey(c, i)}
                          className={c.ellipsis ? `${cell} ${cell}-ellipsis` : cell}
                          title={c.ellipsis ? ellipsisTitle(title) : undefined}
                          scope="col"
                          style={c.align ? { textAlign: c.align } : undefined}
                        >
                          {title}
                        </th>
                      );
                    })}
                  </tr>
                </thead>
                <tbody className={`${prefixCls}-tbody`}>
                  {rows.length === 0 && (
                    <tr className={`${prefixCls}-placeholder`}>
                      <td className={cell} colSpan={columns.length}>
                        {renderEmpty?.('Table') || <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />}
                      </td>
                    </tr>
                  )}
                  {rows.map((row, index) => {
                    const key = keyOf(row);
                    return (
                      <tr key={key} className={`${prefixCls}-row ${prefixCls}-row-level-0`} data-row-key={key}>
                        {columns.map((c, i) => {
                          const value =
                            c.dataIndex === undefined || c.dataIndex === '' ? row : (row as Record<string, unknown>)[c.dataIndex as string];
                          const content = cellNode(c.render ? c.render(value, row, index) : value);
                          const showTitle = c.ellipsis === true || (typeof c.ellipsis === 'object' && c.ellipsis.showTitle === true);
                          return (
                            <td
                              key={colKey(c, i)}
                              className={c.ellipsis ? `${cell} ${cell}-ellipsis` : cell}
                              title={showTitle ? ellipsisTitle(content) : undefined}
                              style={c.align ? { textAlign: c.align } : undefined}
                            >
                              {content}
                            </td>
                          );
                        })}
                      </tr>
                    );
                  })}
                </tbody>
                {summaryNode ? <tfoot className={`${prefixCls}-summary`}>{summaryNode}</tfoot> : null}
              </table>
            </div>
          </div>
        </div>
      </Spin>
    </div>
  );
}
