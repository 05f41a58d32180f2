import { useState } from 'react';
import { Button, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  BREAKDOWN_DIMENSIONS,
  type TBreakdownDimension,
  type TInsightBreakdownRow,
  type TReportInsights,
} from '@mbo/shared/report-insights';
import { formatBp } from '@mbo/shared/ratios';
import { formatAmount, formatCount } from '../../../platform/format';
import { countryName } from '../utils/insight-texts';

type TColumn = { key: string; label: string; value: (r: TInsightBreakdownRow) => string; numeric?: boolean };

/** Rows shown before "show all": a phone shows each row as a card, and there are some 20 issuing countries. */
const FIRST_ROWS = 10;

/**
 * The period by gateway, settlement currency, card scheme and card-issuing country, one tab each: the
 * currency tab compares every currency side by side (never added up), the others are in the currency
 * the overview shows. A plain table on a wide screen; below 576 px each row stacks into a card of
 * label and value lines (insights.css), so nothing scrolls sideways on a phone.
 */
export function InsightsBreakdown({ breakdown, currency }: { breakdown: TReportInsights['breakdown']; currency: string }) {
  const { t, i18n } = useTranslation();
  const [expanded, setExpanded] = useState<Partial<Record<TBreakdownDimension, boolean>>>({});
  const keyText = (dimension: TBreakdownDimension, key: string) => {
    if (dimension === 'country') return key === '' ? t('report.insights.unknownCountry') : countryName(key, i18n.language);
    return key;
  };
  const columnsOf = (dimension: TBreakdownDimension): TColumn[] => [
    { key: 'key', label: t(`report.insights.by.${dimension}`), value: (r) => keyText(dimension, r.key) },
    {
      key: 'successAmount',
      label: t('report.col.successAmount'),
      value: (r) => formatAmount(r.successAmount, r.currency, { code: false }),
      numeric: true,
    },
    { key: 'txCount', label: t('report.col.txCount'), value: (r) => formatCount(r.txCount), numeric: true },
    { key: 'successRateBp', label: t('report.col.successRateBp'), value: (r) => formatBp(r.successRateBp), numeric: true },
    {
      key: 'refunds',
      label: t('report.insights.refunds'),
      value: (r) => `${formatAmount(r.refundAmount, r.currency, { code: false })} (${formatCount(r.refundCount)})`,
      numeric: true,
    },
    {
      key: 'chargebacks',
      label: t('report.insights.chargebacks'),
      value: (r) => `${formatAmount(r.chargebackAmount, r.currency, { code: false })} (${formatCount(r.chargebackCount)})`,
      numeric: true,
    },
  ];

  return (
    <Tabs
      className="mbo-insights__breakdown"
      items={BREAKDOWN_DIMENSIONS.map((dimension) => {
        const columns = columnsOf(dimension);
        const all = dimension === 'currency' ? breakdown[dimension] : breakdown[dimension].filter((r) => r.currency === currency);
        const rows = expanded[dimension] ? all : all.slice(0, FIRST_ROWS);
        return {
          key: dimension,
          label: <span data-testid={`insights-tab-${dimension}`}>{t(`report.insights.tab.${dimension}`)}</span>,
          children: (
            <div className="mbo-insights__table-wrap">
              {dimension !== 'currency' && <p className="mbo-insights__in">{t('report.insights.inCurrency', { currency })}</p>}
              <table className="mbo-insights__table" data-testid={`insights-breakdown-${dimension}`}>
                <caption className="mbo-visually-hidden">{t(`report.insights.tab.${dimension}`)}</caption>
                <thead>
                  <tr>
                    {columns.map((c) => (
                      <th key={c.key} scope="col" className={c.numeric ? 'is-numeric' : undefined}>
                        {c.label}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.length === 0 ? (
                    <tr>
                      <td colSpan={columns.length} className="mbo-insights__none">
                        {t('report.insights.empty')}
                      </td>
                    </tr>
                  ) : (
                    rows.map((r) => (
                      <tr key={`${r.key}|${r.currency}`}>
                        {columns.map((c) => (
                          <td key={c.key} data-label={c.label} className={c.numeric ? 'is-numeric' : undefined}>
                            {c.value(r)}
                          </td>
                        ))}
                      </tr>
                    ))
                  )}
                </tbody>
              </table>
              {all.length > rows.length && (
                <Button
                  type="link"
                  onClick={() => setExpanded({ ...expanded, [dimension]: true })}
                  data-testid={`insights-more-${dimension}`}
                >
                  {t('report.insights.showAll', { count: all.length })}
                </Button>
              )}
            </div>
          ),
        };
      })}
    />
  );
}
