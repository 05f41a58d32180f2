import { useEffect, useState } from 'react';
import { Alert, Button, Checkbox, Form, Input, Select, Space, message } from 'antd';
import { useTranslation } from 'react-i18next';
import { REPLY_BODY_MAX, REPLY_SUBJECT_MAX, type TComplaint, type TComplaintProcess } from '@mbo/shared/complaints';
import { LANGUAGES, type TLanguage } from '@mbo/shared/i18n';
import { canonicalAmountInput, toMajorString } from '@mbo/shared/money';
import { formatAmount } from '../../../platform/format';
import { SubmitDialog } from '../../../platform/submit-dialog';
import { useSession } from '../../../platform/session';
import { previewTemplate, useProcessComplaint, useTemplates } from '../api/complaints-api';

type TForm = {
  doReply: boolean;
  doRefund: boolean;
  templateId?: number;
  language: TLanguage;
  subject: string;
  body: string;
  amount: string;
  reason: string;
};

/** Process a complaint: reply to the cardholder (from a template, filled for this transaction), refund, or both. */
export function ComplaintProcessDialog({ complaint, onClose }: { complaint: TComplaint | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TForm>();
  // The templates are read on the reply email screen's permission; without it the reply is written by hand.
  const mayUseTemplates = useSession().permittedUrls.has('/replyEmail/showReplyEmail');
  const templates = useTemplates(complaint !== null && mayUseTemplates);
  const run = useProcessComplaint();
  const [filling, setFilling] = useState(false);
  const doReply = Form.useWatch('doReply', form) ?? true;
  const doRefund = Form.useWatch('doRefund', form) ?? false;

  useEffect(() => {
    if (!complaint) return;
    form.setFieldsValue({
      doReply: true,
      doRefund: false,
      templateId: undefined,
      language: complaint.language,
      subject: '',
      body: '',
      amount: toMajorString(complaint.amount, complaint.currency),
      reason: t('risk.complaint.refundReasonDefault'),
    });
  }, [complaint, form, t]);

  const fill = async () => {
    const templateId = form.getFieldValue('templateId') as number | undefined;
    if (!complaint || templateId === undefined) return;
    setFilling(true);
    try {
      const p = await previewTemplate({
        templateId,
        language: form.getFieldValue('language') as TLanguage,
        complaintNo: complaint.complaintNo,
      });
      form.setFieldsValue({ subject: p.subject, body: p.body });
    } catch {
      // Shown by the request client.
    } finally {
      setFilling(false);
    }
  };

  const submit = async (v: TForm) => {
    if (!complaint || run.isPending) return;
    const body: TComplaintProcess = {
      complaintNo: complaint.complaintNo,
      ...(v.doReply
        ? {
            reply: {
              language: v.language,
              subject: v.subject.trim(),
              body: v.body.trim(),
              ...(v.templateId ? { templateId: v.templateId } : {}),
            },
          }
        : {}),
      ...(v.doRefund ? { refund: { amount: canonicalAmountInput(v.amount), reason: v.reason.trim() } } : {}),
    };
    try {
      const done = await run.mutateAsync(body);
      void message.success(
        done.refundNo ? t('risk.complaint.processedWithRefund', { refundNo: done.refundNo }) : t('risk.complaint.processed'),
      );
      onClose();
    } catch {
      // Shown by the request client.
    }
  };

  return (
    <SubmitDialog
      open={complaint !== null}
      title={t('risk.complaint.process')}
      onClose={onClose}
      submit={{
        text: t('risk.complaint.processSubmit'),
        testId: 'complaint-process-submit',
        pending: run.isPending,
        disabled: !doReply && !doRefund,
        onClick: () => form.submit(),
      }}
      width={720}
    >
      {complaint && (
        <Alert
          type="info"
          style={{ marginBottom: 16 }}
          title={`${complaint.tradeNo} · ${formatAmount(complaint.amount, complaint.currency)} · ${complaint.cardholderEmail}`}
          description={complaint.content}
        />
      )}
      <Form<TForm> form={form} layout="vertical" onFinish={(v) => void submit(v)}>
        <Space wrap>
          <Form.Item name="doReply" valuePropName="checked" noStyle>
            <Checkbox data-testid="complaint-do-reply">{t('risk.complaint.doReply')}</Checkbox>
          </Form.Item>
          <Form.Item name="doRefund" valuePropName="checked" noStyle>
            <Checkbox data-testid="complaint-do-refund">{t('risk.complaint.doRefund')}</Checkbox>
          </Form.Item>
        </Space>
        {doReply && (
          <div style={{ marginTop: 16 }}>
            <Space wrap align="end">
              {mayUseTemplates && (
                <Form.Item name="templateId" label={t('risk.reply.template')} style={{ minWidth: 220 }}>
                  <Select
                    allowClear
                    data-testid="complaint-template"
                    options={(templates.data?.list ?? []).map((x) => ({ value: x.id, label: x.name }))}
                    onChange={() => void fill()}
                  />
                </Form.Item>
              )}
              <Form.Item name="language" label={t('risk.reply.language')} style={{ minWidth: 160 }}>
                <Select options={LANGUAGES.map((l) => ({ value: l, label: t(`risk.reply.lang.${l}`) }))} onChange={() => void fill()} />
              </Form.Item>
              {mayUseTemplates && (
                <Form.Item>
                  <Button loading={filling} onClick={() => void fill()}>
                    {t('risk.reply.fill')}
                  </Button>
                </Form.Item>
              )}
            </Space>
            <Form.Item
              name="subject"
              label={t('risk.reply.subject')}
              rules={[{ required: true, whitespace: true, message: t('risk.required') }]}
            >
              <Input maxLength={REPLY_SUBJECT_MAX} data-testid="complaint-subject" />
            </Form.Item>
            <Form.Item
              name="body"
              label={t('risk.reply.body')}
              extra={t('risk.reply.placeholders')}
              rules={[{ required: true, whitespace: true, message: t('risk.required') }]}
            >
              <Input.TextArea rows={6} maxLength={REPLY_BODY_MAX} data-testid="complaint-body" />
            </Form.Item>
          </div>
        )}
        {doRefund && (
          <Space wrap style={{ marginTop: 16 }} align="start">
            <Form.Item
              name="amount"
              label={`${t('risk.complaint.refundAmount')} (${complaint?.currency ?? ''})`}
              rules={[{ required: true, whitespace: true, message: t('risk.required') }]}
            >
              <Input inputMode="decimal" maxLength={32} data-testid="complaint-refund-amount" />
            </Form.Item>
            <Form.Item
              name="reason"
              label={t('risk.complaint.refundReason')}
              rules={[{ required: true, whitespace: true, message: t('risk.required') }]}
            >
              <Input maxLength={100} style={{ minWidth: 260 }} />
            </Form.Item>
          </Space>
        )}
      </Form>
    </SubmitDialog>
  );
}
