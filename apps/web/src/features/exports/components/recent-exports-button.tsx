import { Button, Tooltip } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EXPORT_JOBS_PAGE } from '@mbo/shared/export-job-paths';

/** The top bar's way to Recent exports, from any page. */
export function RecentExportsButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Tooltip title={t('exportJobs.title')}>
      <Button
        type="text"
        aria-label={t('exportJobs.title')}
        data-testid="recent-exports"
        icon={<DownloadOutlined style={{ fontSize: 16 }} />}
        onClick={() => void navigate(EXPORT_JOBS_PAGE)}
      />
    </Tooltip>
  );
}
