import { Progress } from 'antd';
import { formatBp } from '@mbo/shared/ratios';

/** Min distance, in % of the gauge, between two threshold labels on one line (a label is about "1.50%" wide). */
const LABEL_GAP_PCT = 16;

/**
 * The line each threshold label goes on: a label too close to the previous one on a line moves to the
 * next line, so "1.00%" and "1.50%" never overlap on a narrow screen.
 */
export function labelRows(positionsPct: readonly number[], widthPx: number): number[] {
  const gap = Math.max(LABEL_GAP_PCT, (42 / Math.max(widthPx, 1)) * 100);
  const lastOnRow: number[] = [];
  return positionsPct.map((left) => {
    let row = lastOnRow.findIndex((prev) => left - prev >= gap);
    if (row === -1) row = lastOnRow.length;
    lastOnRow[row] = left;
    return row;
  });
}

/**
 * A ratio on a bar with a dashed mark at each line's ratio. The scale is twice the strictest line, or
 * the ratio itself when above that; marks at the same ratio are drawn once.
 */
export function ProgrammeGauge({
  ratioBp,
  marksBp,
  reached,
  label,
}: {
  ratioBp: number | null;
  marksBp: number[];
  reached: boolean;
  label: string;
}) {
  const marks = [...new Set(marksBp)].sort((a, b) => a - b);
  const scale = Math.max(Math.max(0, ...marks) * 2, ratioBp ?? 0, 1);
  const at = (bp: number) => Math.min(100, (bp * 100) / scale);
  // A gauge is at most about 320 px wide in its card; on a phone less. Rows are decided for the narrower case.
  const rows = labelRows(marks.map(at), 280);
  const rowCount = Math.max(1, ...rows.map((r) => r + 1));
  return (
    <div className="mbo-monitoring__gauge" style={{ marginBottom: 6 + rowCount * 14 }}>
      <Progress percent={at(ratioBp ?? 0)} showInfo={false} status={reached ? 'exception' : 'normal'} aria-label={label} />
      {marks.map((bp, i) => (
        <span key={bp} className="mbo-monitoring__mark" style={{ left: `${at(bp)}%` }}>
          <span className="mbo-monitoring__mark-label" style={{ top: 14 + (rows[i] ?? 0) * 14 }} data-testid="threshold-label">
            {formatBp(bp)}
          </span>
        </span>
      ))}
    </div>
  );
}
