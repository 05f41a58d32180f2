import { useState } from 'react';
import { Button, Card, Descriptions, Modal, Popconfirm, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TWebhookEndpoint, TWebhookTestResult } from '@mbo/shared/webhooks';
import { parseTime } from '../../../platform/format';
import { useHasPermission } from '../../../platform/session';
import { useTimezone } from '../../../platform/timezone';
import { useDeleteWebhookEndpoint, useEnableWebhookEndpoint, useTestWebhookEndpoint, useWebhookEndpoints } from '../api/webhook-endpoints';
import { WebhookEndpointDialog } from './webhook-endpoint-dialog';

/** What one attempt got, as the test button and the attempts drawer show it. */
export function AttemptOutcome({ r }: { r: Pick<TWebhookTestResult, 'httpStatus' | 'durationMs' | 'answer' | 'error'> }) {
  const { t } = useTranslation();
  const ok = r.httpStatus !== null && r.httpStatus >= 200 && r.httpStatus < 300;
  return (
    <Descriptions column={1} size="small" bordered>
      <Descriptions.Item label={t('webhooks.httpStatus')}>
        <Tag color={ok ? 'success' : 'error'}>{r.httpStatus ?? t('webhooks.noAnswer')}</Tag>
      </Descriptions.Item>
      <Descriptions.Item label={t('webhooks.duration')}>{t('webhooks.ms', { ms: r.durationMs })}</Descriptions.Item>
      {r.error ? (
        <Descriptions.Item label={t('webhooks.error')}>{t(`webhooks.errors.${r.error}`, { defaultValue: r.error })}</Descriptions.Item>
      ) : null}
      <Descriptions.Item label={t('webhooks.answer')}>
        <pre className="mbo-webhook-answer">{r.answer || t('common.none')}</pre>
      </Descriptions.Item>
    </Descriptions>
  );
}

/** The endpoints of the caller's gateways: add, change, test, enable or disable, delete. */
export function WebhookEndpoints() {
  const { t } = useTranslation();
  const tz = useTimezone();
  const mayEdit = useHasPermission('Webhook:Edit');
  const endpoints = useWebhookEndpoints();
  const enable = useEnableWebhookEndpoint();
  const remove = useDeleteWebhookEndpoint();
  const test = useTestWebhookEndpoint();
  const [dialog, setDialog] = useState<{ editing: TWebhookEndpoint | null } | null>(null);
  const [tested, setTested] = useState<TWebhookTestResult | null>(null);

  const runTest = (id: number) => {
    test.mutate(id, { onSuccess: (r) => setTested(r) });
  };

  const columns: TableColumnsType<TWebhookEndpoint> = [
    { title: t('webhooks.gateway'), dataIndex: 'gatewayNo', key: 'gatewayNo', width: 120 },
    { title: t('webhooks.url'), dataIndex: 'url', key: 'url', render: (url: string) => <Typography.Text code>{url}</Typography.Text> },
    {
      title: t('webhooks.kinds.label'),
      dataIndex: 'kinds',
      key: 'kinds',
      render: (kinds: string[]) => t('webhooks.kindCount', { count: kinds.length }),
    },
    {
      title: t('webhooks.state'),
      key: 'state',
      render: (_: unknown, e) =>
        e.enabled ? (
          <Tag color="success">{t('webhooks.enabled')}</Tag>
        ) : (
          <Tag color={e.disabledReason === 'failing' ? 'error' : 'default'}>{t(`webhooks.disabled.${e.disabledReason || 'byUser'}`)}</Tag>
        ),
    },
    {
      title: t('webhooks.updatedAt'),
      dataIndex: 'updatedAt',
      key: 'updatedAt',
      render: (v: string) => parseTime(v, undefined, tz.timezone),
    },
    ...(mayEdit
      ? [
          {
            title: t('webhooks.actions'),
            key: 'actions',
            render: (_: unknown, e: TWebhookEndpoint) => (
              <Space wrap size={4}>
                <Button
                  size="small"
                  data-testid="webhook-test"
                  loading={test.isPending && test.variables === e.id}
                  onClick={() => runTest(e.id)}
                >
                  {t('webhooks.test')}
                </Button>
                <Button size="small" onClick={() => setDialog({ editing: e })}>
                  {t('webhooks.edit')}
                </Button>
                <Button size="small" onClick={() => enable.mutate({ id: e.id, enabled: !e.enabled })}>
                  {t(e.enabled ? 'webhooks.disable' : 'webhooks.enable')}
                </Button>
                <Popconfirm title={t('webhooks.deleteConfirm')} onConfirm={() => remove.mutate(e.id)}>
                  <Button size="small" danger>
                    {t('webhooks.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <Card
      className="mbo-webhook-endpoints"
      title={t('webhooks.endpoints')}
      extra={
        mayEdit && (
          <Button
            type="primary"
            data-testid="webhook-add"
            onClick={() => setDialog({ editing: null })}
            disabled={!endpoints.data?.gateways.length}
          >
            {t('webhooks.add')}
          </Button>
        )
      }
    >
      <Typography.Paragraph type="secondary">{t('webhooks.intro')}</Typography.Paragraph>
      <Table<TWebhookEndpoint>
        rowKey="id"
        size="small"
        data-testid="webhook-endpoint-table"
        loading={endpoints.isLoading}
        dataSource={endpoints.data?.list ?? []}
        columns={columns}
        pagination={false}
        scroll={{ x: 'max-content' }}
        // The table's own placeholder grey is below the contrast a reader needs (axe); the secondary text colour is not.
        locale={{ emptyText: <Typography.Text type="secondary">{t('webhooks.noEndpoints')}</Typography.Text> }}
      />
      <WebhookEndpointDialog
        open={dialog !== null}
        editing={dialog?.editing ?? null}
        gateways={endpoints.data?.gateways ?? []}
        onClose={() => setDialog(null)}
      />
      <Modal open={tested !== null} title={t('webhooks.testResult')} onCancel={() => setTested(null)} footer={null} destroyOnHidden>
        {tested && <AttemptOutcome r={tested} />}
      </Modal>
    </Card>
  );
}
