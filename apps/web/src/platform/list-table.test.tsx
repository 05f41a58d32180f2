import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render } from '@testing-library/react';
import { Table, Tag, type TableColumnsType } from 'antd';
import { ListTable } from './list-table';

afterEach(cleanup);

type TRow = { no: string; amount: string; status: number; reason: string | null; note: { text: string } };

const ROWS: TRow[] = [
  { no: 'T1', amount: '12.50 USD', status: 1, reason: 'Customer cancelled the order', note: { text: 'a' } },
  { no: 'T2', amount: '7.00 EUR', status: 2, reason: null, note: { text: 'b' } },
];

/** One of each thing a list screen's columns use: a plain value, align, a render, ellipsis both ways, a width, the whole row. */
function columns(opened: string[]): TableColumnsType<TRow> {
  return [
    {
      title: 'Number',
      dataIndex: 'no',
      key: 'no',
      render: (no: string) => (
        <button type="button" className="mbo-row-link" onClick={() => opened.push(no)}>
          {no}
        </button>
      ),
    },
    { title: 'Amount', dataIndex: 'amount', key: 'amount', align: 'right' },
    {
      title: 'Status',
      dataIndex: 'status',
      key: 'status',
      render: (s: number) => <Tag color={s === 1 ? 'green' : 'red'}>{s === 1 ? 'OK' : 'Failed'}</Tag>,
    },
    { title: 'Reason', dataIndex: 'reason', key: 'reason', ellipsis: true, width: 200, render: (r: string | null) => r ?? '-' },
    { title: 'Hidden title', dataIndex: 'reason', key: 'reason2', ellipsis: { showTitle: false } },
    // rc-table gives a cell a title only when showTitle is set: an empty setting cuts without one.
    { title: 'Unset title', dataIndex: 'amount', key: 'amount2', ellipsis: {} },
    { title: 'Shown title', dataIndex: 'amount', key: 'amount3', ellipsis: { showTitle: true } },
    { title: 'Row', key: 'row', render: (_: unknown, row: TRow) => <span>{row.note.text}</span> },
    // An object value without a render draws nothing (rc-table's rule).
    { title: 'Object', dataIndex: 'note', key: 'note' },
  ];
}

/** A node's markup with each element's attributes in name order (their order means nothing). */
function serialize(node: Node): string {
  if (!(node instanceof Element)) return node.textContent ?? '';
  const attributes = [...node.attributes]
    .map((a) => `${a.name}="${a.value}"`)
    .sort()
    .join(' ');
  return `<${node.tagName.toLowerCase()} ${attributes}>${[...node.childNodes].map(serialize).join('')}</${node.tagName.toLowerCase()}>`;
}

/** The table's markup with the plain table's own class for hovered rows taken out. */
function markup(container: HTMLElement): string {
  const wrapper = container.querySelector('.ant-table-wrapper');
  if (!wrapper) throw new Error('no table');
  wrapper.classList.remove('mbo-list-table');
  return serialize(wrapper);
}

describe('ListTable', () => {
  it("draws a page of rows as antd's Table draws the same columns, element for element", () => {
    const antd = render(
      <Table<TRow> rowKey="no" size="middle" columns={columns([])} dataSource={ROWS} pagination={false} data-testid="t" />,
    );
    const expected = markup(antd.container);
    antd.unmount();

    const opened: string[] = [];
    const plain = render(<ListTable<TRow> rowKey="no" columns={columns(opened)} rows={ROWS} loading={false} testId="t" />);
    // Drawn without antd's per-cell components (the plain table's class), yet the same markup.
    expect(plain.container.querySelector('.mbo-list-table')).not.toBeNull();
    expect(markup(plain.container)).toBe(expected);

    fireEvent.click(plain.getByText('T2'));
    expect(opened).toEqual(['T2']);
  });

  it("keeps antd's loading state over the rows, its footer rows, and a key from a function", () => {
    const summary = () => (
      <tr className="ant-table-row">
        <td className="ant-table-cell">Total</td>
      </tr>
    );
    const antd = render(
      <Table<TRow>
        rowKey={(r) => `k-${r.no}`}
        size="middle"
        columns={columns([])}
        dataSource={ROWS}
        pagination={false}
        loading
        summary={summary}
        data-testid="t"
      />,
    );
    const expected = markup(antd.container);
    antd.unmount();

    const plain = render(
      <ListTable<TRow> rowKey={(r) => `k-${r.no}`} columns={columns([])} rows={ROWS} loading testId="t" summary={summary} />,
    );
    expect(markup(plain.container)).toBe(expected);
    expect(plain.container.querySelector('.ant-spin-spinning')).not.toBeNull();
    expect(plain.container.querySelector('tfoot.ant-table-summary')?.textContent).toBe('Total');
    expect([...plain.container.querySelectorAll('tbody tr')].map((tr) => tr.getAttribute('data-row-key'))).toEqual(['k-T1', 'k-T2']);
  });

  it("draws an empty page with antd's empty state, loading or not", () => {
    for (const loading of [false, true]) {
      const antd = render(
        <Table<TRow>
          rowKey="no"
          size="middle"
          columns={columns([])}
          dataSource={[]}
          pagination={false}
          loading={loading}
          data-testid="t"
        />,
      );
      const expected = markup(antd.container);
      antd.unmount();
      const plain = render(<ListTable<TRow> rowKey="no" columns={columns([])} rows={[]} loading={loading} testId="t" />);
      expect(plain.container.querySelector('.mbo-list-table')).not.toBeNull();
      expect(markup(plain.container)).toBe(expected);
      expect(plain.container.querySelector('.ant-table-placeholder .ant-empty')).not.toBeNull();
      plain.unmount();
    }
  });

  it("is antd's Table for a column pinned to a side", () => {
    const pinned = [...columns([]), { title: 'Actions', key: 'actions', fixed: 'right' as const, render: () => 'x' }];
    const fixed = render(
      <ListTable<TRow> rowKey="no" columns={pinned} rows={ROWS} loading={false} testId="t" scroll={{ x: 'max-content' }} />,
    );
    expect(fixed.container.querySelector('.mbo-list-table')).toBeNull();
    expect(fixed.container.querySelectorAll('tbody tr.ant-table-row')).toHaveLength(2);
  });
});
