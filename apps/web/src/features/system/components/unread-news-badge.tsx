import { Badge, Button, Tooltip } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../../platform/session';
import { useUnreadCount } from '../api/announcements';

const NEWS_URL = '/mernews/showNewsManage';

/** The unread announcement count in the top bar; opens the announcements screen for those who may see it. */
export function UnreadNewsBadge() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const unread = useUnreadCount().data?.unread ?? 0;
  const label = t('news.unreadCount', { count: unread });
  const mayOpen = session.permittedUrls.has(NEWS_URL);
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        aria-label={label}
        data-testid="news-unread"
        onClick={mayOpen ? () => void navigate(NEWS_URL) : undefined}
        icon={
          <Badge count={unread} size="small" overflowCount={99}>
            <BellOutlined style={{ fontSize: 16 }} data-count={unread} data-testid="news-unread-count" />
          </Badge>
        }
      />
    </Tooltip>
  );
}
