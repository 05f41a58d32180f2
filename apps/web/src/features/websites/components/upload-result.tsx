import { Alert, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TWebsiteLineResult, TWebsiteUploadResult } from '@mbo/shared/websites';
import { TableRegion } from '../../../platform/table-region';

const OUTCOME_TYPE = { mailSent: 'success', noMail: 'success', mailFailed: 'warning', dataError: 'error', duplicate: 'warning' } as const;
const RESULT_COLOR = { accepted: 'green', error: 'red', duplicate: 'orange' } as const;

/** A submission's outcome (spec §8) and, for a batch, what happened to each line. */
export function UploadResult({ result }: { result: TWebsiteUploadResult }) {
  const { t } = useTranslation();
  const problems = result.lines.filter((l) => l.result !== 'accepted');
  return (
    <div data-testid="website-upload-result">
      <Alert
        type={OUTCOME_TYPE[result.outcome]}
        showIcon
        data-testid={`website-outcome-${result.outcome}`}
        title={result.message}
        description={t('websites.counts', { accepted: result.accepted, errors: result.errors, duplicates: result.duplicates })}
      />
      {problems.length > 0 && (
        <TableRegion label={result.message}>
          <Table<TWebsiteLineResult>
            style={{ marginTop: 12 }}
            size="small"
            rowKey="line"
            pagination={problems.length > 10 ? { pageSize: 10, size: 'small' } : false}
            dataSource={problems}
            data-testid="website-line-results"
            columns={[
              { title: t('websites.line'), dataIndex: 'line', key: 'line', width: 64 },
              {
                title: t('websites.result'),
                dataIndex: 'result',
                key: 'result',
                render: (r: TWebsiteLineResult['result']) => <Tag color={RESULT_COLOR[r]}>{t(`websites.lineResult.${r}`)}</Tag>,
              },
              { title: t('websites.reason'), dataIndex: 'message', key: 'message' },
            ]}
          />
        </TableRegion>
      )}
    </div>
  );
}
