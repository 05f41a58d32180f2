import { useEffect } from 'react';
import { Button, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ANNOUNCEMENTS, type TAnnouncement } from '@mbo/shared/announcements';
import { DetailDrawer } from '../../../platform/detail-drawer';
import { parseTime } from '../../../platform/format';
import { useListColumns } from '../../../platform/list-columns';
import { ListPage } from '../../../platform/list-page';
import { useListScreen } from '../../../platform/list-screen';
import { useTimezone } from '../../../platform/timezone';
import { useAnnouncement, useMarkAnnouncementRead } from '../api/announcements';
import { NEWS_LIST } from '../system-lists';

/**
 * Announcements (spec §2 /mernews/showNewsManage): title and publish date, read or unread for the
 * signed-in administrator; opening one (?news=<id>) shows it and marks it read.
 */
export function NewsPage() {
  const { t } = useTranslation();
  const tz = useTimezone();
  const screen = useListScreen(NEWS_LIST);
  const { url } = screen;
  const openId = url.extras.news ? Number(url.extras.news) : null;
  const detail = useAnnouncement(openId !== null && Number.isInteger(openId) ? openId : null);
  const markRead = useMarkAnnouncementRead();
  const { mutate } = markRead;

  useEffect(() => {
    if (detail.data && !detail.data.read) mutate(detail.data.id);
  }, [detail.data, mutate]);

  const columns = useListColumns<typeof ANNOUNCEMENTS.fields, TAnnouncement>(ANNOUNCEMENTS.fields, {
    special: {
      title: {
        render: (v: string, r) => (
          <Button
            type="link"
            size="small"
            style={{ padding: 0, whiteSpace: 'normal', textAlign: 'left' }}
            data-testid="news-open"
            onClick={() => url.setExtra('news', String(r.id))}
          >
            {v}
          </Button>
        ),
      },
      read: {
        render: (_: unknown, r) => (
          <Tag color={r.read ? 'default' : 'processing'} data-testid="news-state">
            {t(r.read ? 'news.read' : 'news.unread')}
          </Tag>
        ),
      },
    },
  });

  return (
    <ListPage screen={screen} columns={columns}>
      <DetailDrawer
        open={openId !== null}
        onClose={() => url.setExtra('news', null)}
        width={560}
        title={detail.data?.title ?? t('news.detail')}
      >
        {detail.data && (
          <div data-testid="news-detail">
            <Typography.Text type="secondary">{parseTime(detail.data.publishedAt, undefined, tz.timezone)}</Typography.Text>
            <Typography.Paragraph style={{ marginTop: 12, whiteSpace: 'pre-wrap' }}>{detail.data.content}</Typography.Paragraph>
          </div>
        )}
      </DetailDrawer>
    </ListPage>
  );
}
