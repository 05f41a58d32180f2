import { useState } from 'react';
import { Button, Card, Empty, Modal, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TAnnouncement } from '@mbo/shared/system';
import { parseTime } from '../../../platform/format';
import { useTimezone } from '../../../platform/timezone';
import { ANNOUNCEMENTS_QUERY, sortNewestFirst, useAnnouncements } from '../api/get-announcements';

export function AnnouncementsCard() {
  const { t } = useTranslation();
  const tz = useTimezone();
  const announcements = useAnnouncements(ANNOUNCEMENTS_QUERY);
  const [open, setOpen] = useState<TAnnouncement | null>(null);
  const list = announcements.data ? sortNewestFirst(announcements.data.list) : [];

  return (
    <Card title={t('dashboard.announcements.title')} data-testid="dashboard-announcements">
      {announcements.isPending && <Skeleton active paragraph={{ rows: 4 }} />}
      {announcements.isError && <Empty description={t('common.loadFailed')} />}
      {announcements.isSuccess && list.length === 0 && <Empty description={t('dashboard.announcements.empty')} />}
      {list.length > 0 && (
        <ul className="mbo-announcements">
          {list.map((item) => (
            <li key={item.id} className="mbo-announcements__item" data-testid="announcement-item">
              <Button type="link" className="mbo-announcements__title" onClick={() => setOpen(item)}>
                {item.title}
              </Button>
              <time className="mbo-announcements__time" dateTime={item.publishedAt} data-testid="announcement-time">
                {parseTime(item.publishedAt, undefined, tz.timezone)}
              </time>
            </li>
          ))}
        </ul>
      )}
      <Modal open={open !== null} title={open?.title} footer={null} onCancel={() => setOpen(null)} destroyOnHidden>
        {open && (
          <>
            <p className="mbo-announcements__time">{parseTime(open.publishedAt, undefined, tz.timezone)}</p>
            <div className="mbo-announcements__content">{open.content}</div>
          </>
        )}
      </Modal>
    </Card>
  );
}
