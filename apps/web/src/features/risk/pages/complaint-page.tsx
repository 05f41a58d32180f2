import { Button, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { COMPLAINTS, ComplaintStatus, type TComplaint } from '@mbo/shared/complaints';
import { parseTime } from '../../../platform/format';
import { GuardedLink } from '../../../platform/guarded-link';
import { useListColumns } from '../../../platform/list-columns';
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

  const columns = useListColumns<typeof COMPLAINTS.fields, TComplaint>(COMPLAINTS.fields, {
    order: ['complaintNo', 'kind', 'tradeNo', 'amount', 'cardholderName', 'content', 'createdAt', 'replyDeadline', 'status', 'refundNo'],
    special: {
      tradeNo: {
        render: (_: unknown, r: TComplaint) => {
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
      cardholderName: { render: (_: unknown, r: TComplaint) => `${r.cardholderName ? `${r.cardholderName} ` : ''}<${r.cardholderEmail}>` },
      content: { ellipsis: { showTitle: false }, width: 220, render: (v: string) => <Tooltip title={v}>{v}</Tooltip> },
      replyDeadline: { render: (v: string, r: TComplaint) => (r.overdue ? <Tag color="red">{time(v)}</Tag> : time(v)) },
      status: {
        render: (_: unknown, r: TComplaint) => (
          <Tag color={r.status === ComplaintStatus.pending ? 'orange' : 'green'}>
            {t(`risk.complaint.statusCode.${r.status}`)}
            {r.status === ComplaintStatus.processed && r.action > 0 ? ` · ${t(`risk.complaint.actionCode.${r.action}`)}` : ''}
          </Tag>
        ),
      },
      refundNo: { render: (v: string | null) => v ?? '-' },
    },
    append: mayProcess
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
      : [],
  });

  return (
    <ListPage screen={screen} columns={columns}>
      <ComplaintProcessDialog complaint={mayProcess ? open : null} onClose={() => url.setExtra('process', null)} />
    </ListPage>
  );
}
