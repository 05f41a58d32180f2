import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Descriptions, Form, Input, Modal, Select, message } from 'antd';
import { useTranslation } from 'react-i18next';
import { APPROVAL_REASON_MAX, isApprovalWaiting } from '@mbo/shared/approvals';
import type { TWithdrawOptions } from '@mbo/shared/funds';
import { canonicalAmountInput, parseMajorAmount } from '@mbo/shared/money';
import { formatAmount } from '../../../platform/format';
import { SubmitDialog } from '../../../platform/submit-dialog';
import { useApplyWithdrawal } from '../api/apply-withdrawal';
import { useWithdrawOptions } from '../api/get-withdraw-options';

type TGateway = TWithdrawOptions['gateways'][number];
type TForm = { gatewayNo: string; amount: string; bankAccountId: number; reason?: string };

/**
 * Spec §5 withdrawal amount: well formed, at least the minimum, at most the available balance (checked
 * here only when the admin may see it; the server checks it in any case).
 */
export function withdrawAmountProblem(
  text: string,
  g: Pick<TGateway, 'currency' | 'available' | 'minimum' | 'fee'>,
  balancesVisible = true,
) {
  if (text.trim() === '') return 'required' as const;
  const minor = parseMajorAmount(canonicalAmountInput(text), g.currency);
  if (minor === null) return 'invalid' as const;
  if (minor < Math.max(g.minimum, g.fee + 1)) return 'belowMinimum' as const;
  if (balancesVisible && minor > g.available) return 'insufficient' as const;
  return null;
}

type TProps = { open: boolean; onClose: () => void };

/**
 * Apply for a withdrawal: the gateway account to draw from (its available balance, fee and minimum),
 * the amount, the bank account (the default first). The fee and the amount received are shown, and a
 * confirmation repeats them before the request goes out; the button stays disabled while it runs.
 */
export function WithdrawApplyDialog({ open, onClose }: TProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TForm>();
  const options = useWithdrawOptions(open);
  const apply = useApplyWithdrawal();
  const [confirming, setConfirming] = useState<{ values: TForm; amount: number } | null>(null);
  const gatewayNo = Form.useWatch('gatewayNo', form);
  const amountText = Form.useWatch('amount', form) ?? '';
  const data = options.data;
  const g = useMemo(() => data?.gateways.find((x) => x.gatewayNo === gatewayNo) ?? null, [data, gatewayNo]);
  const amount = g ? parseMajorAmount(canonicalAmountInput(amountText), g.currency) : null;

  // The form is emptied when the dialog closes; the defaults (first gateway, default bank account) are
  // set once per opening when the options arrive, and never touch the amount: what the person typed as
  // soon as the field was enabled stays, whatever the options' timing or a refetch.
  const initialized = useRef(false);
  useEffect(() => {
    if (!open) {
      // Only a form that was shown has fields to empty (before the first opening it is not mounted).
      if (initialized.current) form.resetFields();
      initialized.current = false;
      setConfirming(null);
      return;
    }
    if (!data || initialized.current) return;
    initialized.current = true;
    form.setFieldsValue({ gatewayNo: data.gateways[0]?.gatewayNo ?? '', bankAccountId: data.bankAccounts[0]?.id ?? 0 });
  }, [open, data, form]);

  const submit = async () => {
    if (!confirming || apply.isPending) return;
    try {
      const done = await apply.mutateAsync({
        gatewayNo: confirming.values.gatewayNo,
        amount: canonicalAmountInput(confirming.values.amount),
        bankAccountId: confirming.values.bankAccountId,
        ...(confirming.values.reason?.trim() ? { reason: confirming.values.reason.trim() } : {}),
      });
      // Held by the owner's approval rule: nothing is withdrawn until another administrator approves it.
      if (isApprovalWaiting(done)) void message.success({ content: t('approval.waiting', { id: done.approvalId }), duration: 6 });
      else void message.success(t('funds.withdraw.applied', { no: done.withdrawalNo }));
      setConfirming(null);
      onClose();
    } catch {
      // The request client already showed the server's message.
      setConfirming(null);
    }
  };

  const problemText = (p: ReturnType<typeof withdrawAmountProblem>) =>
    g && p
      ? t(`funds.withdraw.${p}`, {
          minimum: formatAmount(Math.max(g.minimum, g.fee + 1), g.currency),
          available: formatAmount(g.available, g.currency),
        })
      : '';

  return (
    <SubmitDialog
      open={open}
      title={t('funds.withdraw.applyTitle')}
      onClose={onClose}
      submit={{
        text: t('funds.withdraw.next'),
        testId: 'withdraw-apply-submit',
        disabled: !g || apply.isPending,
        onClick: () => form.submit(),
      }}
    >
      <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('funds.withdraw.tip')} />
      {data && data.bankAccounts.length === 0 && <Alert type="warning" style={{ marginBottom: 16 }} title={t('funds.withdraw.noBank')} />}
      <Form<TForm>
        form={form}
        layout="vertical"
        onFinish={(values) => {
          if (!g || amount === null) return;
          setConfirming({ values, amount });
        }}
      >
        <Form.Item
          name="gatewayNo"
          label={t('funds.withdraw.account')}
          rules={[{ required: true, message: t('funds.withdraw.accountRequired') }]}
        >
          <Select
            data-testid="withdraw-apply-gateway"
            options={(data?.gateways ?? []).map((x) => ({
              value: x.gatewayNo,
              label: data?.balancesVisible
                ? `${x.gatewayNo} · ${x.currency} · ${t('funds.available')} ${formatAmount(x.available, x.currency)}`
                : `${x.gatewayNo} · ${x.currency}`,
            }))}
          />
        </Form.Item>
        <Form.Item
          name="amount"
          label={t('funds.withdraw.amount')}
          required
          rules={[
            {
              validator: (_r, value: string | undefined) => {
                if (!g) return Promise.resolve();
                const p = withdrawAmountProblem(value ?? '', g, data?.balancesVisible ?? true);
                return p ? Promise.reject(new Error(problemText(p))) : Promise.resolve();
              },
            },
          ]}
        >
          {/* The suffix is always there, empty until a gateway is chosen: adding it later would replace the input
              element, and what a person had started typing (or the focus) would be lost. */}
          <Input
            data-testid="withdraw-apply-amount"
            inputMode="decimal"
            maxLength={32}
            suffix={<span>{g?.currency ?? ''}</span>}
            disabled={!data}
          />
        </Form.Item>
        <Form.Item
          name="bankAccountId"
          label={t('funds.withdraw.bank')}
          rules={[{ required: true, message: t('funds.withdraw.bankRequired') }]}
        >
          <Select
            data-testid="withdraw-apply-bank"
            options={(data?.bankAccounts ?? []).map((b) => ({
              value: b.id,
              label: `${b.bankName} ${b.accountNo} (${b.holder}, ${b.currency})${b.isDefault ? ` · ${t('funds.withdraw.default')}` : ''}`,
            }))}
          />
        </Form.Item>
        <Form.Item name="reason" label={t('approval.reasonLabel')}>
          <Input data-testid="withdraw-apply-reason" maxLength={APPROVAL_REASON_MAX} />
        </Form.Item>
        {g && (
          <Descriptions size="small" column={1} bordered data-testid="withdraw-apply-figures">
            {data?.balancesVisible && (
              <Descriptions.Item label={t('funds.available')}>{formatAmount(g.available, g.currency)}</Descriptions.Item>
            )}
            <Descriptions.Item label={t('funds.withdraw.minimum')}>
              {formatAmount(Math.max(g.minimum, g.fee + 1), g.currency)}
            </Descriptions.Item>
            <Descriptions.Item label={t('funds.withdraw.fee')}>{formatAmount(g.fee, g.currency)}</Descriptions.Item>
            <Descriptions.Item label={t('funds.withdraw.received')}>
              <span data-testid="withdraw-apply-received">
                {amount !== null && amount > g.fee ? formatAmount(amount - g.fee, g.currency) : '-'}
              </span>
            </Descriptions.Item>
          </Descriptions>
        )}
      </Form>
      <Modal
        open={confirming !== null}
        title={t('funds.withdraw.confirmTitle')}
        onCancel={() => setConfirming(null)}
        okText={t('funds.withdraw.confirm')}
        okButtonProps={{ loading: apply.isPending, disabled: apply.isPending, 'data-testid': 'withdraw-confirm' } as never}
        onOk={() => void submit()}
      >
        {confirming && g && (
          <Descriptions size="small" column={1}>
            <Descriptions.Item label={t('funds.withdraw.amount')}>{formatAmount(confirming.amount, g.currency)}</Descriptions.Item>
            <Descriptions.Item label={t('funds.withdraw.fee')}>{formatAmount(g.fee, g.currency)}</Descriptions.Item>
            <Descriptions.Item label={t('funds.withdraw.received')}>
              {formatAmount(confirming.amount - g.fee, g.currency)}
            </Descriptions.Item>
          </Descriptions>
        )}
      </Modal>
    </SubmitDialog>
  );
}
