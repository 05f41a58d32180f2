import { useState } from 'react';
import { Button, Card, Table, Tag, Tooltip } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SENT_REPLIES, type TReplyTemplate, type TSentReply } from '@mbo/shared/complaints';
import { parseTime } from '../../../platform/format';
import { getLanguage } from '../../../platform/i18n';
import { useListColumns } from '../../../platform/list-columns';
import { ListPage } from '../../../platform/list-page';
import { useListScreen } from '../../../platform/list-screen';
import { useHasPermission } from '../../../platform/session';
import { useTimezone } from '../../../platform/timezone';
import { useTemplates } from '../api/complaints-api';
import { TemplateDialog } from '../components/template-dialog';
import { SENT_REPLY_LIST } from '../sent-reply-list';
import { TableRegion } from '../../../platform/table-region';

const DELIVERY_COLORS: Record<string, string> = { sent: 'green', failed: 'red', outbox: 'default' };

/** Cardholder reply email management (Risk menu): the replies sent with their delivery, and the reply templates. */
export function ReplyEmailPage() {
  const { t } = useTranslation();
  const tz = useTimezone();
  const screen = useListScreen(SENT_REPLY_LIST);
  const templates = useTemplates();
  const mayEdit = useHasPermission('ReplyEmail:Edit');
  const [editing, setEditing] = useState<{ template: TReplyTemplate | null } | null>(null);

  const columns = useListColumns<typeof SENT_REPLIES.fields, TSentReply>(SENT_REPLIES.fields, {
    order: ['createdAt', 'complaintNo', 'toAddr', 'language', 'subject', 'templateName', 'sentBy', 'deliveryStatus'],
    special: {
      subject: {
        ellipsis: { showTitle: false },
        width: 260,
        render: (v: string, r: TSentReply) => <Tooltip title={r.body}>{v}</Tooltip>,
      },
      deliveryStatus: {
        render: (v: string, r: TSentReply) => (
          <Tooltip title={r.deliveryError || undefined}>
            <Tag color={DELIVERY_COLORS[v] ?? 'default'} data-testid="reply-delivery">
              {t(`risk.reply.deliveryCode.${v}`, { defaultValue: v })}
            </Tag>
          </Tooltip>
        ),
      },
    },
  });

  return (
    <ListPage screen={screen} columns={columns}>
      <Card
        title={t('risk.reply.templates')}
        style={{ marginTop: 16 }}
        extra={
          mayEdit && (
            <Button icon={<PlusOutlined />} data-testid="template-add" onClick={() => setEditing({ template: null })}>
              {t('risk.reply.addTemplate')}
            </Button>
          )
        }
      >
        <TableRegion label={t('risk.reply.templates')}>
          <Table<TReplyTemplate>
            data-testid="template-table"
            rowKey="id"
            size="small"
            pagination={false}
            loading={templates.isLoading}
            dataSource={templates.data?.list ?? []}
            scroll={{ x: 'max-content' }}
            columns={[
              { title: t('risk.reply.name'), dataIndex: 'name', key: 'name' },
              { title: t('risk.reply.subject'), key: 'subject', render: (_: unknown, r) => r.subjects[getLanguage()] },
              { title: t('risk.reply.updatedBy'), dataIndex: 'updatedBy', key: 'updatedBy' },
              {
                title: t('risk.reply.updatedAt'),
                dataIndex: 'updatedAt',
                key: 'updatedAt',
                render: (v: string) => parseTime(v, undefined, tz.timezone),
              },
              {
                title: t('risk.actions'),
                key: 'actions',
                render: (_: unknown, r) => (
                  <Button type="link" size="small" data-testid="template-edit" onClick={() => setEditing({ template: r })}>
                    {mayEdit ? t('risk.reply.edit') : t('risk.reply.preview')}
                  </Button>
                ),
              },
            ]}
          />
        </TableRegion>
      </Card>
      <TemplateDialog open={editing !== null} template={editing?.template ?? null} onClose={() => setEditing(null)} />
    </ListPage>
  );
}
