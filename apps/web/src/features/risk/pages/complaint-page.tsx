import { Button, Tag, Tooltip, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { ComplaintStatus, type TComplaint } from '@mbo/shared/complaints';
import { formatAmount, parseTime } from '../../../platform/format';
import { GuardedLink } from '../../../platform/guarded-link';
import { ListPage } from '../../../platform/list-page';
import { useListScreen } from '../../../platform/list-screen';
import { useHasPermission } from '../../../platform/session';
import { useTimezone } from '../../../platform/timezone';
import { COMPLAINT_LIST } from '../complaint-list';
import { ComplaintProcessDialog } from '../components/complaint-process-dialog';

/** Complaints (Risk menu): pending ones by their reply deadline, the transaction one click away, processed by reply and/or refund. */
export function ComplaintPage() {
  const { t } = useTranslation();
  const tz = useTimezone();
  const screen = useListScreen(COMPLAINT_LIST);
  const { url, list } = screen;
  const mayProcess = useHasPermission('Complaint:Process');
  const time = (v: string | null) => (v ? parseTime(v, undefined, tz.timezone) : '-');
  const open = url.extras.process ? (list.rows.find((r) => r.complaintNo === url.extras.process) ?? null) : null;

  const columns: TableColumnsType<TComplaint> = [
    { title: t('risk.complaint.complaintNo'), dataIndex: 'complaintNo', key: 'complaintNo' },
    { title: t('risk.complaint.kind'), dataIndex: 'kind', key: 'kind', render: (k: number) => t(`risk.complaint.kindCode.${k}`) },
    {
      title: t('risk.complaint.tradeNo'),
      key: 'tradeNo',
      render: (_: unknown, r) => {
        const day = parseTime(r.tradeAt, 'YYYY-MM-DD', tz.timezone);
        return (
          <GuardedLink
            to={`/merTradeMgr/initTradeRecordPage?from=${day}&to=${day}&tradeNo=${encodeURIComponent(r.tradeNo)}&detail=${encodeURIComponent(r.tradeNo)}`}
            data-testid="complaint-trade-link"
          >
            {r.tradeNo}
          </GuardedLink>
        );
      },
    },
    { title: t('risk.complaint.amount'), key: 'amount', align: 'right', render: (_: unknown, r) => formatAmount(r.amount, r.currency) },
    {
      title: t('risk.complaint.cardholder'),
      key: 'cardholder',
      render: (_: unknown, r) => `${r.cardholderName ? `${r.cardholderName} ` : ''}<${r.cardholderEmail}>`,
    },
    {
      title: t('risk.complaint.content'),
      dataIndex: 'content',
      key: 'content',
      ellipsis: { showTitle: false },
      width: 220,
      render: (v: string) => <Tooltip title={v}>{v}</Tooltip>,
    },
    { title: t('risk.complaint.received'), dataIndex: 'createdAt', key: 'createdAt', render: time },
    {
      title: t('risk.complaint.deadline'),
      key: 'deadline',
      render: (_: unknown, r) => (r.overdue ? <Tag color="red">{time(r.replyDeadline)}</Tag> : time(r.replyDeadline)),
    },
    {
      title: t('risk.complaint.status'),
      key: 'status',
      render: (_: unknown, r) => (
        <Tag color={r.status === ComplaintStatus.pending ? 'orange' : 'green'}>
          {t(`risk.complaint.statusCode.${r.status}`)}
          {r.status === ComplaintStatus.processed && r.action > 0 ? ` · ${t(`risk.complaint.actionCode.${r.action}`)}` : ''}
        </Tag>
      ),
    },
    { title: t('risk.complaint.refundNo'), dataIndex: 'refundNo', key: 'refundNo', render: (v: string | null) => v ?? '-' },
    ...(mayProcess
      ? [
          {
            title: t('risk.actions'),
            key: 'actions',
            render: (_: unknown, r: TComplaint) =>
              r.status === ComplaintStatus.pending ? (
                <Button type="link" size="small" data-testid="complaint-process" onClick={() => url.setExtra('process', r.complaintNo)}>
                  {t('risk.complaint.process')}
                </Button>
              ) : null,
          },
        ]
      : []),
  ];

  return (
    <ListPage screen={screen} columns={columns}>
      <ComplaintProcessDialog complaint={mayProcess ? open : null} onClose={() => url.setExtra('process', null)} />
    </ListPage>
  );
}
