import { useEffect, useMemo } from 'react';
import { Alert, Checkbox, Col, Form, Input, Radio, Row, Select, message } from 'antd';
import { useTranslation } from 'react-i18next';
import { LinkAmountMode, LinkType, type TLinkCreate, type TLinkMethod } from '@mbo/shared/links';
import { canonicalAmountInput } from '@mbo/shared/money';
import { dayjs } from '../../../platform/dayjs';
import { DatePicker } from '../../../platform/date-picker';
import { SubmitDialog } from '../../../platform/submit-dialog';
import { todayIn } from '../../../platform/zone-clock';
import { useTimezone } from '../../../platform/timezone';
import { useCreateLink, useLinkOptions } from '../api/links-api';

type TForm = {
  title: string;
  description?: string;
  linkType: number;
  activeUntil: ReturnType<typeof dayjs>;
  reference?: string;
  gatewayNo: string;
  amountMode: number;
  amount?: string;
  minAmount?: string;
  maxAmount?: string;
  customerMessage?: string;
  collect: string[];
  methods: TLinkMethod[];
  customDomain?: string;
  operatingName: string;
  prefillName?: string;
  prefillEmail?: string;
  prefillCountry?: string;
  prefillCity?: string;
  prefillAddress?: string;
  prefillZip?: string;
};

const opt = (v: string | undefined) => {
  const s = (v ?? '').trim();
  return s === '' ? undefined : s;
};

/** Generate a link with every §3 field; only the gateways that can take link payments, and their methods. */
export function LinkCreateDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (url: string) => void }) {
  const { t } = useTranslation();
  const tz = useTimezone();
  const [form] = Form.useForm<TForm>();
  const options = useLinkOptions(open);
  const create = useCreateLink();
  const gatewayNo = Form.useWatch('gatewayNo', form);
  const amountMode = Form.useWatch('amountMode', form) ?? LinkAmountMode.fixed;
  const gateways = useMemo(() => options.data?.gateways ?? [], [options.data]);
  const gateway = gateways.find((g) => g.gatewayNo === gatewayNo);
  const noGateway = options.isSuccess && gateways.length === 0;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
  }, [open, form]);
  useEffect(() => {
    const first = gateways[0];
    if (open && first && !form.getFieldValue('gatewayNo'))
      form.setFieldsValue({ gatewayNo: first.gatewayNo, methods: [first.methods[0] ?? 'card'] });
  }, [open, gateways, form]);

  const submit = async (v: TForm) => {
    if (!gateway || create.isPending) return;
    const body: TLinkCreate = {
      title: v.title.trim(),
      description: opt(v.description),
      linkType: v.linkType as TLinkCreate['linkType'],
      activeUntil: v.activeUntil.format('YYYY-MM-DD'),
      reference: opt(v.reference),
      gatewayNo: gateway.gatewayNo,
      currency: gateway.currency,
      amountMode: v.amountMode as TLinkCreate['amountMode'],
      amount: v.amountMode === LinkAmountMode.fixed ? canonicalAmountInput(v.amount ?? '') : undefined,
      minAmount: v.amountMode === LinkAmountMode.customer && opt(v.minAmount) ? canonicalAmountInput(v.minAmount ?? '') : undefined,
      maxAmount: v.amountMode === LinkAmountMode.customer && opt(v.maxAmount) ? canonicalAmountInput(v.maxAmount ?? '') : undefined,
      customerMessage: opt(v.customerMessage),
      collectBilling: v.collect.includes('billing'),
      collectShipping: v.collect.includes('shipping'),
      methods: v.methods,
      customDomain: opt(v.customDomain),
      operatingName: v.operatingName.trim(),
      prefill: {
        name: opt(v.prefillName),
        email: opt(v.prefillEmail),
        country: opt(v.prefillCountry),
        city: opt(v.prefillCity),
        address: opt(v.prefillAddress),
        zip: opt(v.prefillZip),
      },
    };
    try {
      const done = await create.mutateAsync(body);
      void message.success(t('links.created'));
      onCreated(done.url);
    } catch {
      // The request client has shown the server's message.
    }
  };

  const today = todayIn(tz.timezone);
  return (
    <SubmitDialog
      open={open}
      title={t('links.generate')}
      onClose={onClose}
      submit={{
        text: t('links.generate'),
        testId: 'link-create-submit',
        pending: create.isPending,
        disabled: !gateway,
        onClick: () => form.submit(),
      }}
      width={720}
    >
      {noGateway && <Alert type="warning" data-testid="link-no-gateway" title={t('links.noGateway')} style={{ marginBottom: 16 }} />}
      <Form<TForm>
        form={form}
        layout="vertical"
        onFinish={(v) => void submit(v)}
        initialValues={{
          linkType: LinkType.oneTime,
          amountMode: LinkAmountMode.fixed,
          collect: [],
          activeUntil: dayjs(today).add(7, 'day'),
        }}
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="title" label={t('links.title')} rules={[{ required: true, whitespace: true, message: t('links.required') }]}>
              <Input maxLength={100} data-testid="link-title" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="operatingName"
              label={t('links.operatingName')}
              rules={[{ required: true, whitespace: true, message: t('links.required') }]}
            >
              <Input maxLength={100} data-testid="link-operating-name" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="description" label={t('links.description')}>
          <Input.TextArea maxLength={500} rows={2} />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="linkType" label={t('links.linkType')}>
              <Radio.Group data-testid="link-type">
                <Radio value={LinkType.oneTime}>{t(`links.linkTypeCode.${LinkType.oneTime}`)}</Radio>
                <Radio value={LinkType.reusable}>{t(`links.linkTypeCode.${LinkType.reusable}`)}</Radio>
              </Radio.Group>
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="activeUntil" label={t('links.activeUntil')} rules={[{ required: true, message: t('links.required') }]}>
              <DatePicker style={{ width: '100%' }} allowClear={false} disabledDate={(d) => d.format('YYYY-MM-DD') < today} />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="gatewayNo" label={t('links.gateway')} rules={[{ required: true, message: t('links.required') }]}>
              <Select
                data-testid="link-gateway"
                options={gateways.map((g) => ({ value: g.gatewayNo, label: `${g.gatewayNo} ${g.name}` }))}
                onChange={(no: string) => {
                  const g = gateways.find((x) => x.gatewayNo === no);
                  form.setFieldsValue({ methods: g ? [g.methods[0] ?? 'card'] : [] });
                }}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={t('links.currency')}>
              <Input value={gateway?.currency ?? ''} disabled aria-label={t('links.currency')} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="methods" label={t('links.methods')} rules={[{ required: true, message: t('links.required') }]}>
          <Checkbox.Group options={(gateway?.methods ?? []).map((m) => ({ value: m, label: t(`links.method.${m}`) }))} />
        </Form.Item>
        <Form.Item name="amountMode" label={t('links.amountMode')}>
          <Radio.Group data-testid="link-amount-mode">
            <Radio value={LinkAmountMode.fixed}>{t('links.amountFixed')}</Radio>
            <Radio value={LinkAmountMode.customer}>{t('links.amountCustomer')}</Radio>
          </Radio.Group>
        </Form.Item>
        {amountMode === LinkAmountMode.fixed ? (
          <Form.Item
            name="amount"
            label={`${t('links.amount')} (${gateway?.currency ?? ''})`}
            rules={[{ required: true, whitespace: true, message: t('links.required') }]}
          >
            <Input inputMode="decimal" maxLength={32} data-testid="link-amount" />
          </Form.Item>
        ) : (
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name="minAmount" label={`${t('links.minAmount')} (${gateway?.currency ?? ''})`}>
                <Input inputMode="decimal" maxLength={32} data-testid="link-min-amount" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="maxAmount" label={`${t('links.maxAmount')} (${gateway?.currency ?? ''})`}>
                <Input inputMode="decimal" maxLength={32} data-testid="link-max-amount" />
              </Form.Item>
            </Col>
          </Row>
        )}
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="reference" label={t('links.reference')}>
              <Input maxLength={64} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="customDomain" label={t('links.customDomain')} extra={t('links.customDomainHint')}>
              <Select
                allowClear
                options={(options.data?.customDomains ?? []).map((d) => ({ value: d, label: d }))}
                notFoundContent={t('links.noCustomDomain')}
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="customerMessage" label={t('links.customerMessage')}>
          <Input.TextArea maxLength={500} rows={2} />
        </Form.Item>
        <Form.Item name="collect" label={t('links.collect')}>
          <Checkbox.Group
            options={[
              { value: 'billing', label: t('links.collectBilling') },
              { value: 'shipping', label: t('links.collectShipping') },
            ]}
          />
        </Form.Item>
        <div className="ant-form-item-label">
          <strong>{t('links.prefill')}</strong>
        </div>
        <Row gutter={16}>
          {(
            [
              ['prefillName', 'name', 100],
              ['prefillEmail', 'email', 100],
              ['prefillCountry', 'country', 2],
              ['prefillCity', 'city', 64],
              ['prefillAddress', 'address', 200],
              ['prefillZip', 'zip', 16],
            ] as const
          ).map(([name, label, max]) => (
            <Col xs={24} md={12} key={name}>
              <Form.Item name={name} label={t(`links.address.${label}`)}>
                <Input maxLength={max} />
              </Form.Item>
            </Col>
          ))}
        </Row>
      </Form>
    </SubmitDialog>
  );
}
