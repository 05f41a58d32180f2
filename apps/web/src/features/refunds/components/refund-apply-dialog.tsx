import { isApprovalWaiting } from '@mbo/shared/approvals';
import { useEffect, useState } from 'react';
import { Alert, Button, Form, Input, Radio, Space, message } from 'antd';
import { useTranslation } from 'react-i18next';
import { canonicalAmountInput, minorUnitsOf, parseMajorAmount, toMajorString } from '@mbo/shared/money';
import { REFUND_REASON_MAX, type TRefundable } from '@mbo/shared/refunds';
import { formatMoney } from '../../../platform/format';
import { messageOf } from '../../../platform/request';
import { SubmitDialog } from '../../../platform/submit-dialog';
import { useApplyRefund } from '../api/apply-refund';
import { useRefundable } from '../api/get-refundable';

type TMethod = 'full' | 'partial';
type TForm = { tradeNo: string; method: TMethod; amount: string; reason: string };

/**
 * Spec §5 amount rules on the client: required, a valid amount of the currency, not above the
 * available amount. Commas that group thousands ("1,234.50") are accepted as typed; what is checked,
 * and sent, is the canonical text the server parses ("1234.50"). A comma anywhere else ("1,5") is
 * invalid rather than read as another number.
 */
export function refundAmountProblem(
  text: string,
  r: Pick<TRefundable, 'currency' | 'availableAmount'>,
): 'required' | 'invalid' | 'tooLarge' | null {
  if (text.trim() === '') return 'required';
  const minor = parseMajorAmount(canonicalAmountInput(text), r.currency);
  if (minor === null) return 'invalid';
  return minor > r.availableAmount ? 'tooLarge' : null;
}

export function availableText(r: Pick<TRefundable, 'currency' | 'availableAmount'>): string {
  return `${formatMoney(r.availableAmount, { minorUnits: minorUnitsOf(r.currency) })} ${r.currency}`;
}

type TProps = { open: boolean; initialTradeNo: string | null; onClose: () => void };

/**
 * "Apply for refund": a transaction order number (typed, or given by the transaction screen through
 * ?apply=), what is still available on it, full or partial, amount and reason. The submit button is
 * disabled while the request runs, so a double click cannot send it twice.
 */
export function RefundApplyDialog({ open, initialTradeNo, onClose }: TProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TForm>();
  const [checked, setChecked] = useState<string | null>(initialTradeNo);
  const refundable = useRefundable(open ? checked : null);
  const apply = useApplyRefund();
  const method = Form.useWatch('method', form) ?? 'partial';
  const r = refundable.data && refundable.data.tradeNo === checked ? refundable.data : null;

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue({ tradeNo: initialTradeNo ?? '', method: 'partial', amount: '', reason: '' });
    setChecked(initialTradeNo);
  }, [open, initialTradeNo, form]);

  useEffect(() => {
    if (r && method === 'full') form.setFieldsValue({ amount: toMajorString(r.availableAmount, r.currency) });
  }, [r, method, form]);

  const check = () => {
    const value = String(form.getFieldValue('tradeNo') ?? '').trim();
    setChecked(value || null);
  };

  const submit = async (values: TForm) => {
    if (!r || apply.isPending) return;
    try {
      const done = await apply.mutateAsync({
        tradeNo: r.tradeNo,
        amount: canonicalAmountInput(values.amount),
        reason: values.reason.trim(),
      });
      // Held by the owner's approval rule: nothing is refunded until another administrator approves it.
      if (isApprovalWaiting(done)) void message.success({ content: t('approval.waiting', { id: done.approvalId }), duration: 6 });
      else void message.success(t('refund.applied', { refundNo: done.refundNo }));
      onClose();
    } catch {
      // The request client already showed the server's message.
    }
  };

  const tradeError = refundable.isError && checked ? messageOf(refundable.error) : null;

  return (
    <SubmitDialog
      open={open}
      title={t('refund.applyTitle')}
      onClose={onClose}
      submit={{
        text: t('refund.submit'),
        testId: 'refund-apply-submit',
        pending: apply.isPending,
        disabled: !r || apply.isPending,
        onClick: () => form.submit(),
      }}
    >
      <Form<TForm> form={form} layout="vertical" onFinish={(v) => void submit(v)} initialValues={{ method: 'partial' }}>
        <Form.Item label={t('refund.tradeNo')} required validateStatus={tradeError ? 'error' : undefined} help={tradeError ?? undefined}>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="tradeNo" noStyle rules={[{ required: true, whitespace: true, message: t('refund.tradeNoRequired') }]}>
              <Input data-testid="refund-apply-trade-no" maxLength={64} onPressEnter={check} onBlur={check} />
            </Form.Item>
            <Button data-testid="refund-apply-check" onClick={check} loading={refundable.isFetching}>
              {t('refund.check')}
            </Button>
          </Space.Compact>
        </Form.Item>
        {r && (
          <Alert
            type="info"
            style={{ marginBottom: 16 }}
            data-testid="refund-apply-available"
            title={t('refund.availableLine', { available: availableText(r) })}
          />
        )}
        <Form.Item name="method" label={t('refund.method')}>
          <Radio.Group data-testid="refund-apply-method" disabled={!r}>
            <Radio value="full">{t('refund.methodFull')}</Radio>
            <Radio value="partial">{t('refund.methodPartial')}</Radio>
          </Radio.Group>
        </Form.Item>
        <Form.Item
          name="amount"
          label={r ? `${t('refund.amount')} (${r.currency})` : t('refund.amount')}
          required
          rules={[
            {
              validator: async (_rule, value: string | undefined) => {
                if (!r) return;
                const problem = refundAmountProblem(value ?? '', r);
                if (problem === 'required') throw new Error(t('refund.amountRequired'));
                if (problem === 'invalid') throw new Error(t('refund.amountInvalid'));
                if (problem === 'tooLarge') throw new Error(t('refund.amountTooLarge', { available: availableText(r) }));
              },
            },
          ]}
        >
          <Input data-testid="refund-apply-amount" inputMode="decimal" maxLength={32} disabled={!r || method === 'full'} />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('refund.reason')}
          rules={[
            { required: true, whitespace: true, message: t('refund.reasonRequired') },
            { max: REFUND_REASON_MAX, message: t('refund.reasonTooLong', { max: REFUND_REASON_MAX }) },
          ]}
        >
          <Input.TextArea data-testid="refund-apply-reason" rows={3} showCount maxLength={REFUND_REASON_MAX} />
        </Form.Item>
      </Form>
    </SubmitDialog>
  );
}
