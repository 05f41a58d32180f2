import type { ReactNode } from 'react';
import { Popover } from 'antd';
import { QuestionCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { minorUnitsOf } from '@mbo/shared/money';
import { formatBp, REPORT_AMOUNT_COLUMNS } from '@mbo/shared/reports';
import { formatCount, formatMoney } from '../../../platform/format';

export const RATE_KEYS = new Set(['successRateBp', 'actualSuccessRateBp', 'chargebackRateBp', 'refundRateBp']);

/** A report cell for display: money in its currency's minor units, rates from basis points, counts with thousands separators. */
export function renderCell(key: string, value: unknown, currency: string): ReactNode {
  if (REPORT_AMOUNT_COLUMNS.has(key)) return formatMoney(value as number, { minorUnits: minorUnitsOf(currency) });
  if (RATE_KEYS.has(key)) return formatBp((value as number | null) ?? null);
  if (value === null || value === undefined || value === '') return '-';
  return typeof value === 'number' ? formatCount(value) : String(value as string);
}

/** A column title, with a "?" that explains the column when the person may see explanations. */
export function ColumnTitle({ column, explain }: { column: string; explain: boolean }) {
  const { t } = useTranslation();
  const title = t(`report.col.${column}`);
  if (!explain) return <>{title}</>;
  return (
    <span className="mbo-report-col">
      {title}
      <Popover content={<div className="mbo-report-help">{t(`report.help.${column}`)}</div>} trigger={['hover', 'click']}>
        <QuestionCircleOutlined className="mbo-report-help-icon" data-testid={`help-${column}`} aria-label={t('report.explain')} />
      </Popover>
    </span>
  );
}
