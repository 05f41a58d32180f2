import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Badge, Button, Col, Form, Input, Row, Select, Space } from 'antd';
import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter } from './date-range-filter';
import { activeFoldedCount, keysOf, type TFilterField } from './filter-fields';
import { filterIssues, type TFilterValues, type TListSchema } from './list-url-state';
import { useTimezone } from './timezone';

// A number filter is always behind "More filters" (the waybills' and disputes' days): its control's
// code comes when the folded fields are first shown, not with every list screen.
const InputNumber = lazy(() => import('antd/es/input-number'));

/** The locale text of a schema issue (its message is a server catalog key such as `dateRange.tooLong`). */
function issueText(t: (key: string, options?: Record<string, unknown>) => string, message: string): string {
  return t(`listIssue.${message.replace(/\./g, '_')}`, { defaultValue: t('listIssue.invalid') });
}

type TFilterFormProps<K extends string> = {
  fields: readonly TFilterField<K>[];
  /** The applied filters (from the URL): the form starts from them and follows them when they change. */
  value: TFilterValues<K>;
  defaults: TFilterValues<K>;
  /** The list query schema: the form refuses what the server would refuse, with the reason. */
  schema: TListSchema;
  onSearch: (filters: TFilterValues<K>) => void;
  /** What Reset does besides going back to the defaults (ListPage: the saved view is left); absent, Reset searches the defaults. */
  onReset?: () => void;
  /** Buttons after Search and Reset (export, apply). */
  actions?: ReactNode;
};

/**
 * The filter form of every list. Edits stay in a draft until Search, so typing does not reload the
 * list on every key; Search always loads (the same filters again show new rows); Reset goes back to
 * the defaults. A value the shared schema refuses is marked with its reason and nothing is sent.
 */
export function FilterForm<K extends string>({ fields, value, defaults, schema, onSearch, onReset, actions }: TFilterFormProps<K>) {
  const { t } = useTranslation();
  const tz = useTimezone();
  const [draft, setDraft] = useState(value);
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({});
  const valueKey = JSON.stringify(value);
  const [shownFor, setShownFor] = useState(valueKey);
  const [expanded, setExpanded] = useState(false);
  // New filters in the URL (back button, Reset, a shared link) replace whatever was being edited.
  if (shownFor !== valueKey) {
    setShownFor(valueKey);
    setDraft(value);
    setErrors({});
  }

  const set = (patch: Partial<TFilterValues<K>>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(patch) as K[]) delete next[k];
      return next;
    });
  };
  const submit = (filters: TFilterValues<K>) => {
    const issues = filterIssues(schema, filters);
    if (issues.length > 0) {
      setErrors(Object.fromEntries(issues.map((i) => [i.key, issueText(t, i.message)])) as Partial<Record<K, string>>);
      if (fields.some((f) => f.more && keysOf(f).some((k) => issues.some((i) => i.key === k)))) setExpanded(true);
      return;
    }
    onSearch(filters);
  };

  const control = (field: TFilterField<K>): ReactNode => {
    const label = t(field.label);
    switch (field.kind) {
      case 'dateRange':
        return (
          <DateRangeFilter
            from={draft[field.from]}
            to={draft[field.to]}
            timezone={tz.timezone}
            testId="filter-dateRange"
            ariaLabel={label}
            onChange={(from, to) => set({ [field.from]: from, [field.to]: to } as Partial<TFilterValues<K>>)}
          />
        );
      case 'select':
        return (
          <Select
            data-testid={`filter-${field.key}`}
            aria-label={label}
            value={draft[field.key]}
            onChange={(v: string) => set({ [field.key]: v } as Partial<TFilterValues<K>>)}
            options={[
              ...(field.all ? [{ value: '', label: t('list.all') }] : []),
              ...field.options.map((o) => ({ value: o.value, label: o.text ? o.label : t(o.label) })),
            ]}
            style={{ width: '100%' }}
          />
        );
      case 'text':
        return (
          <Input
            data-testid={`filter-${field.key}`}
            aria-label={label}
            allowClear
            maxLength={field.maxLength}
            inputMode={field.digits ? 'numeric' : undefined}
            value={draft[field.key]}
            onChange={(e) =>
              set({ [field.key]: field.digits ? e.target.value.replace(/\D/g, '') : e.target.value } as Partial<TFilterValues<K>>)
            }
            onPressEnter={() => submit(draft)}
          />
        );
      case 'amountRange':
        return (
          <Space.Compact style={{ width: '100%' }}>
            {([field.min, field.max] as const).map((k, i) => (
              <Input
                key={k}
                data-testid={`filter-${k}`}
                aria-label={`${label} ${t(i === 0 ? 'list.minimum' : 'list.maximum')}`}
                placeholder={t(i === 0 ? 'list.minimum' : 'list.maximum')}
                inputMode="decimal"
                status={errors[k] ? 'error' : ''}
                value={draft[k]}
                onChange={(e) => set({ [k]: e.target.value } as Partial<TFilterValues<K>>)}
                onPressEnter={() => submit(draft)}
              />
            ))}
          </Space.Compact>
        );
      case 'number':
        return (
          <Suspense fallback={<Input disabled aria-label={label} />}>
            <InputNumber
              data-testid={`filter-${field.key}`}
              aria-label={label}
              min={field.min}
              max={field.max}
              precision={0}
              style={{ width: '100%' }}
              value={draft[field.key] === '' ? null : Number(draft[field.key])}
              onChange={(v) => set({ [field.key]: v === null ? '' : String(v) } as Partial<TFilterValues<K>>)}
              {...(field.suffix ? { suffix: t(field.suffix) } : {})}
            />
          </Suspense>
        );
    }
  };

  const folded = fields.filter((f) => f.more);
  const activeFolded = activeFoldedCount(fields, draft, defaults);
  const shown = expanded ? fields : fields.filter((f) => !f.more);

  return (
    <Form layout="vertical" data-testid="list-filters" onFinish={() => submit(draft)}>
      <Row gutter={[16, 0]}>
        {shown.map((field) => {
          const error = keysOf(field)
            .map((k) => errors[k])
            .find(Boolean);
          return (
            <Col key={keysOf(field).join('-')} xs={24} sm={12} md={8} xl={6}>
              <Form.Item
                label={t(field.label)}
                style={{ marginBottom: 12 }}
                {...(error ? { validateStatus: 'error' as const, help: <span data-testid="filter-error">{error}</span> } : {})}
              >
                {control(field)}
              </Form.Item>
            </Col>
          );
        })}
      </Row>
      <Space wrap style={{ marginBottom: 16 }}>
        <Button type="primary" htmlType="submit" data-testid="filter-search">
          {t('list.search')}
        </Button>
        <Button
          onClick={() => {
            setDraft(defaults);
            setErrors({});
            if (onReset) onReset();
            else onSearch(defaults);
          }}
          data-testid="filter-reset"
        >
          {t('list.reset')}
        </Button>
        {folded.length > 0 && (
          <Button
            type="link"
            onClick={() => setExpanded((e) => !e)}
            data-testid="filter-more"
            aria-expanded={expanded}
            icon={expanded ? <UpOutlined /> : <DownOutlined />}
            iconPlacement="end"
          >
            {expanded ? t('list.fewerFilters') : t('list.moreFilters')}
            {!expanded && activeFolded > 0 && (
              <Badge count={activeFolded} size="small" style={{ marginInlineStart: 6 }} data-testid="filter-more-count" />
            )}
          </Button>
        )}
        {actions}
      </Space>
    </Form>
  );
}
