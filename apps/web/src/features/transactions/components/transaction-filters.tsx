import { useState, type ReactNode } from 'react';
import { Button, Col, Form, Input, Row, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { AMOUNT_FILTER_RE, TRANSACTION_TIME_TYPES, type TTransactionView } from '@mbo/shared/transactions';
import { AppealStatus, CARD_SCHEMES, PayStatus, RefundFlag, TradeType } from '@mbo/shared/trade-enums';
import { DateRangeFilter } from '../../../platform/date-range-filter';
import { useSession } from '../../../platform/session';
import { useIsMobile } from '../../../platform/use-is-mobile';
import type { TFilterKey, TFilterValues } from '../transaction-query';

type TProps = {
  view: TTransactionView;
  value: TFilterValues;
  onSearch: (filters: TFilterValues) => void;
  onReset: () => void;
  /** Export buttons, shown beside Search. */
  actions?: ReactNode;
};

const codesOf = (o: Record<string, number>) => Object.values(o);

/**
 * The filter form. Edits stay in a draft until Search, so typing does not refetch on every key;
 * the URL (and so the list) changes only on Search or Reset.
 */
export function TransactionFilters({ view, value, onSearch, onReset, actions }: TProps) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const session = useSession();
  const [draft, setDraft] = useState<TFilterValues>(value);
  const valueKey = JSON.stringify(value);
  const [shownFor, setShownFor] = useState(valueKey);
  const [expanded, setExpanded] = useState(false);
  // New filters in the URL (back button, Reset, a shared link) replace whatever was being edited.
  if (shownFor !== valueKey) {
    setShownFor(valueKey);
    setDraft(value);
  }

  const set = (key: TFilterKey, v: string | undefined) => setDraft((d) => ({ ...d, [key]: v ?? '' }));
  const all = { value: '', label: t('trade.all') };
  const enumSelect = (key: TFilterKey, codes: readonly (number | string)[], labelOf: (c: number | string) => string) => (
    <Select
      data-testid={`filter-${key}`}
      value={draft[key]}
      onChange={(v: string) => set(key, v)}
      options={[all, ...codes.map((c) => ({ value: String(c), label: labelOf(c) }))]}
      style={{ width: '100%' }}
    />
  );
  const text = (key: TFilterKey, props: { maxLength?: number; inputMode?: 'numeric' | 'decimal' } = {}) => (
    <Input
      data-testid={`filter-${key}`}
      allowClear
      value={draft[key]}
      onChange={(e) => set(key, e.target.value)}
      onPressEnter={() => onSearch(draft)}
      {...props}
    />
  );
  const amountBad = (key: 'amountMin' | 'amountMax') => draft[key] !== '' && !AMOUNT_FILTER_RE.test(draft[key].trim());
  const currencies = session.currencyList.map((c) => c.code);

  const primary: [string, ReactNode][] = [
    [
      'timeType',
      <Select
        key="timeType"
        data-testid="filter-timeType"
        value={draft.timeType}
        onChange={(v: string) => set('timeType', v)}
        options={TRANSACTION_TIME_TYPES.map((tt) => ({ value: tt, label: t(`tradeEnum.timeType.${tt}`) }))}
        style={{ width: '100%' }}
      />,
    ],
    [
      'dateRange',
      <DateRangeFilter
        key="dateRange"
        from={draft.from}
        to={draft.to}
        testId="filter-dateRange"
        onChange={(from, to) => setDraft((d) => ({ ...d, from, to }))}
      />,
    ],
    ['tradeNo', text('tradeNo', { maxLength: 64 })],
    ['merchantOrderNo', text('merchantOrderNo', { maxLength: 64 })],
    ['payStatus', enumSelect('payStatus', codesOf(PayStatus), (c) => t(`tradeEnum.payStatus.${c}`))],
  ];
  const flagSelect = (key: TFilterKey, enumName: string, codes: readonly number[]) =>
    enumSelect(key, codes, (c) => t(`tradeEnum.${enumName}.${c}`));
  const more: [string, ReactNode][] = [
    ['gatewayNo', text('gatewayNo', { maxLength: 20, inputMode: 'numeric' })],
    ...(view === 'preAuth'
      ? []
      : ([['tradeType', enumSelect('tradeType', codesOf(TradeType), (c) => t(`tradeEnum.tradeType.${c}`))]] as [string, ReactNode][])),
    ['cardScheme', enumSelect('cardScheme', CARD_SCHEMES, (c) => t(`tradeEnum.cardScheme.${c}`))],
    ['currency', currencies.length > 0 ? enumSelect('currency', currencies, (c) => String(c)) : text('currency', { maxLength: 3 })],
    ['email', text('email', { maxLength: 254 })],
    ['ip', text('ip', { maxLength: 64 })],
    ['cardFirst6', text('cardFirst6', { maxLength: 6, inputMode: 'numeric' })],
    ['cardLast4', text('cardLast4', { maxLength: 4, inputMode: 'numeric' })],
    [
      'amountRange',
      <Space.Compact key="amountRange" style={{ width: '100%' }}>
        <Input
          data-testid="filter-amountMin"
          placeholder={t('trade.amountMin')}
          inputMode="decimal"
          status={amountBad('amountMin') ? 'error' : ''}
          value={draft.amountMin}
          onChange={(e) => set('amountMin', e.target.value)}
        />
        <Input
          data-testid="filter-amountMax"
          placeholder={t('trade.amountMax')}
          inputMode="decimal"
          status={amountBad('amountMax') ? 'error' : ''}
          value={draft.amountMax}
          onChange={(e) => set('amountMax', e.target.value)}
        />
      </Space.Compact>,
    ],
    ['refundStatus', flagSelect('refundStatus', 'refundFlag', codesOf(RefundFlag))],
    ['chargebackStatus', flagSelect('chargebackStatus', 'chargebackFlag', [0, 1])],
    ['retrievalStatus', flagSelect('retrievalStatus', 'retrievalFlag', [0, 1])],
    ['rdrStatus', flagSelect('rdrStatus', 'alertFlag', [0, 1])],
    ['ethocaStatus', flagSelect('ethocaStatus', 'alertFlag', [0, 1])],
    ['appealStatus', flagSelect('appealStatus', 'appealStatus', codesOf(AppealStatus))],
  ];
  // On a phone the secondary filters fold away; on a desktop they are all in view.
  const showMore = !isMobile || expanded;
  const fields = showMore ? [...primary, ...more] : primary;
  const invalid = amountBad('amountMin') || amountBad('amountMax');

  return (
    <Form layout="vertical" data-testid="transaction-filters" onFinish={() => onSearch(draft)}>
      <Row gutter={[16, 0]}>
        {fields.map(([key, control]) => (
          <Col key={key} xs={24} sm={12} md={8} xl={6}>
            <Form.Item
              label={t(`trade.${key}`)}
              style={{ marginBottom: 12 }}
              {...(key === 'amountRange' && invalid ? { validateStatus: 'error' as const, help: t('trade.amountInvalid') } : {})}
            >
              {control}
            </Form.Item>
          </Col>
        ))}
      </Row>
      <Space wrap style={{ marginBottom: 16 }}>
        <Button type="primary" htmlType="submit" disabled={invalid} data-testid="filter-search">
          {t('trade.search')}
        </Button>
        <Button onClick={onReset} data-testid="filter-reset">
          {t('trade.reset')}
        </Button>
        {isMobile && (
          <Button type="link" onClick={() => setExpanded((e) => !e)} data-testid="filter-more">
            {expanded ? t('trade.fewerFilters') : t('trade.moreFilters')}
          </Button>
        )}
        {actions}
      </Space>
    </Form>
  );
}
