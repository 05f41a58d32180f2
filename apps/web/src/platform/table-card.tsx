import type { CSSProperties } from 'react';
import { Card, Table, type TableProps } from 'antd';
import { TableRegion } from './table-region';

type TTableCardProps<T> = Omit<TableProps<T>, 'title'> & { title: string; cardStyle?: CSSProperties };

/** A card holding one whole (unpaged) table; the card's title also names the table's scroll region. */
export function TableCard<T extends object>({ title, cardStyle, ...table }: TTableCardProps<T>) {
  return (
    <Card title={title} style={cardStyle}>
      <TableRegion label={title}>
        <Table<T> pagination={false} {...table} />
      </TableRegion>
    </Card>
  );
}
