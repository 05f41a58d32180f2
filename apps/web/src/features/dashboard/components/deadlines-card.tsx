import { Card, Empty, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatAmount, parseTime } from '../../../platform/format';
import { TimeLeft } from '../../../platform/time-left';
import { useTimezone } from '../../../platform/timezone';
import { useDeadlines } from '../api/get-deadlines';

const DISPUTES_PAGE = '/merTradeMgr/initProConTradePage';

/** The chargeback screen filtered to the case, with its detail open (the detail does not depend on the list's date range). */
export function caseLink(caseNo: string): string {
  const params = new URLSearchParams({ view: 'all', caseNo, detail: caseNo });
  return `${DISPUTES_PAGE}?${params.toString()}`;
}

/** The chargeback screen's open cases due on the user's today (the server reads "today" in the user's timezone). */
export const DUE_TODAY_LINK = `${DISPUTES_PAGE}?${new URLSearchParams({ view: 'open', due: 'today' }).toString()}`;

/** The nearest open reply deadlines, each linking to the case on the chargeback screen, and what is due today. */
export function DeadlinesCard() {
  const { t } = useTranslation();
  const tz = useTimezone();
  const deadlines = useDeadlines();
  const now = Date.now();
  return (
    <Card
      title={t('dashboard.deadlines.title')}
      data-testid="dashboard-deadlines"
      extra={
        deadlines.data?.dueToday && (
          <Link to={DUE_TODAY_LINK} data-testid="deadlines-due-today" title={t('dashboard.deadlines.inZone', { zone: tz.timezone })}>
            <Tag color={deadlines.data.dueToday.count > 0 ? 'red' : 'default'} data-testid="deadlines-due-today-count">
              {deadlines.data.dueToday.count}
            </Tag>
            {t('dashboard.deadlines.dueToday')}
          </Link>
        )
      }
    >
      {deadlines.isPending && <Skeleton active paragraph={{ rows: 3 }} />}
      {deadlines.isError && <Empty description={t('common.loadFailed')} />}
      {deadlines.data && deadlines.data.list.length === 0 && <Empty description={t('dashboard.deadlines.empty')} />}
      {deadlines.data && deadlines.data.list.length > 0 && (
        <ul className="mbo-announcements">
          {deadlines.data.list.map((d) => {
            return (
              <li key={d.id} className="mbo-announcements__item" data-testid="deadline-item">
                <div>
                  <Link to={caseLink(d.caseNo)}>{d.caseNo}</Link>
                  <div className="mbo-muted">
                    {t(`tradeEnum.disputeKind.${d.kind}`)} · {formatAmount(d.amount, d.currency)}
                  </div>
                </div>
                <div className="mbo-deadline">
                  {/* The same text and colour as the case list and drawer. */}
                  <div className="mbo-deadline__left" data-testid="deadline-left">
                    <TimeLeft deadline={d.replyDeadline} now={now} />
                  </div>
                  <time className="mbo-announcements__time" dateTime={d.replyDeadline}>
                    {parseTime(d.replyDeadline, 'YYYY-MM-DD HH:mm', tz.timezone)}
                  </time>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
