import { useEffect } from 'react';
import { Checkbox, Form, Input, Select, message } from 'antd';
import { useTranslation } from 'react-i18next';
import { WEBHOOK_EVENT_KINDS, WEBHOOK_URL_MAX, type TWebhookEndpoint } from '@mbo/shared/webhooks';
import { SubmitDialog } from '../../../platform/submit-dialog';
import { useAddWebhookEndpoint, useEditWebhookEndpoint } from '../api/webhook-endpoints';

type TValues = { gatewayNo: string; url: string; kinds: string[] };

/**
 * Add an endpoint (a gateway, its URL and the events it wants) or change one. An endpoint's saved URL is
 * never sent back whole (its secrets are hidden), so a change types the URL again.
 */
export function WebhookEndpointDialog(p: { open: boolean; editing: TWebhookEndpoint | null; gateways: string[]; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TValues>();
  const add = useAddWebhookEndpoint();
  const edit = useEditWebhookEndpoint();
  useEffect(() => {
    if (!p.open) return;
    form.resetFields();
    form.setFieldsValue(
      p.editing
        ? { gatewayNo: p.editing.gatewayNo, url: '', kinds: p.editing.kinds }
        : { gatewayNo: p.gateways[0] ?? '', url: '', kinds: [...WEBHOOK_EVENT_KINDS] },
    );
  }, [p.open, p.editing, p.gateways, form]);

  const submit = async (v: TValues) => {
    const kinds = v.kinds as (typeof WEBHOOK_EVENT_KINDS)[number][];
    try {
      if (p.editing) await edit.mutateAsync({ id: p.editing.id, url: v.url.trim(), kinds });
      else await add.mutateAsync({ gatewayNo: v.gatewayNo, url: v.url.trim(), kinds });
      void message.success(t('webhooks.saved'));
      p.onClose();
    } catch {
      // The request client already showed the server's message.
    }
  };

  return (
    <SubmitDialog
      open={p.open}
      title={t(p.editing ? 'webhooks.editTitle' : 'webhooks.addTitle')}
      onClose={p.onClose}
      width={640}
      submit={{
        text: t('webhooks.save'),
        testId: 'webhook-endpoint-submit',
        pending: add.isPending || edit.isPending,
        onClick: () => form.submit(),
      }}
    >
      <Form<TValues> form={form} layout="vertical" onFinish={(v) => void submit(v)}>
        <Form.Item name="gatewayNo" label={t('webhooks.gateway')} rules={[{ required: true, message: t('webhooks.gatewayRequired') }]}>
          <Select
            data-testid="webhook-endpoint-gateway"
            disabled={p.editing !== null}
            options={p.gateways.map((g) => ({ value: g, label: g }))}
          />
        </Form.Item>
        <Form.Item
          name="url"
          label={t('webhooks.url')}
          extra={p.editing ? t('webhooks.urlRetype', { url: p.editing.url }) : t('webhooks.urlHelp')}
          rules={[
            { required: true, whitespace: true, message: t('webhooks.urlRequired') },
            { pattern: /^https?:\/\/\S+$/i, message: t('webhooks.urlInvalid') },
          ]}
        >
          <Input
            data-testid="webhook-endpoint-url"
            maxLength={WEBHOOK_URL_MAX}
            placeholder="https://shop.example.com/notify"
            autoComplete="off"
          />
        </Form.Item>
        <Form.Item
          name="kinds"
          label={t('webhooks.kinds.label')}
          rules={[{ required: true, type: 'array', min: 1, message: t('webhooks.kindsRequired') }]}
        >
          <Checkbox.Group
            className="mbo-webhook-kinds"
            data-testid="webhook-endpoint-kinds"
            options={WEBHOOK_EVENT_KINDS.map((k) => ({ value: k, label: t(`webhooks.kinds.${k}`) }))}
          />
        </Form.Item>
      </Form>
    </SubmitDialog>
  );
}
