import { Button, Popover, Table } from 'antd';
import { useTranslation } from 'react-i18next';

/** A stored before/after text as an object of fields (a value that is not an object is one field). */
function fieldsOf(text: string): Record<string, unknown> {
  if (!text) return {};
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : { value: v };
  } catch {
    return { value: text };
  }
}

function shown(v: unknown): string {
  if (v === undefined) return '';
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/**
 * What an entry changed: each field with its value before and after (secrets were masked by the
 * server when the entry was written), changed fields first.
 */
export function OperationChange({ before, after }: { before: string; after: string }) {
  const { t } = useTranslation();
  if (!before && !after) return null;
  const b = fieldsOf(before);
  const a = fieldsOf(after);
  const rows = [...new Set([...Object.keys(b), ...Object.keys(a)])]
    .map((field) => ({ field, before: shown(b[field]), after: shown(a[field]) }))
    .sort((x, y) => Number(x.before === x.after) - Number(y.before === y.after));
  const table = (
    <Table
      size="small"
      pagination={false}
      rowKey="field"
      style={{ maxWidth: 'min(560px, 86vw)' }}
      data-testid="op-log-change-table"
      dataSource={rows}
      columns={[
        { title: t('opLog.change.field'), dataIndex: 'field', width: 120 },
        {
          title: t('opLog.change.before'),
          dataIndex: 'before',
          render: (v: string) => <span style={{ wordBreak: 'break-all' }}>{v || '-'}</span>,
        },
        {
          title: t('opLog.change.after'),
          dataIndex: 'after',
          render: (v: string) => <span style={{ wordBreak: 'break-all' }}>{v || '-'}</span>,
        },
      ]}
    />
  );
  return (
    <Popover content={table} title={t('opLog.change.title')} trigger="click" placement="bottomLeft">
      <Button size="small" type="link" style={{ padding: 0 }} data-testid="op-log-change">
        {t('opLog.change.show')}
      </Button>
    </Popover>
  );
}
