import { Modal, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TLinkPayment } from '@mbo/shared/links';
import { formatAmount, parseTime } from '../../../platform/format';
import { useTimezone } from '../../../platform/timezone';
import { useLinkPayments } from '../api/links-api';
import { TableRegion } from '../../../platform/table-region';

/** The gateway records made through one link: approved, declined and risk-declined alike. */
export function LinkPaymentsDialog({ linkKey, onClose }: { linkKey: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const tz = useTimezone();
  const payments = useLinkPayments(linkKey);
  return (
    <Modal open={linkKey !== null} title={t('links.payments')} onCancel={onClose} footer={null} width={860} destroyOnHidden>
      <TableRegion label={t('links.payments')}>
        <Table<TLinkPayment>
          data-testid="link-payments"
          rowKey="tradeNo"
          size="small"
          loading={payments.isLoading}
          dataSource={payments.data?.list ?? []}
          pagination={false}
          scroll={{ x: 760 }}
          columns={[
            { title: t('links.tradeNo'), dataIndex: 'tradeNo', key: 'tradeNo' },
            {
              title: t('links.createdAt'),
              dataIndex: 'createdAt',
              key: 'createdAt',
              render: (v: string) => parseTime(v, undefined, tz.timezone),
            },
            { title: t('links.amount'), key: 'amount', align: 'right', render: (_: unknown, r) => formatAmount(r.amount, r.currency) },
            {
              title: t('links.result'),
              key: 'result',
              render: (_: unknown, r) =>
                r.category === 2 ? (
                  <Tag color="red">{t('links.riskDeclined')}</Tag>
                ) : (
                  <Tag color={r.payStatus === 1 ? 'green' : 'orange'}>{t(`tradeEnum.payStatus.${r.payStatus}`)}</Tag>
                ),
            },
            { title: t('links.email'), dataIndex: 'email', key: 'email' },
            { title: t('links.card'), dataIndex: 'card', key: 'card' },
          ]}
        />
      </TableRegion>
    </Modal>
  );
}
