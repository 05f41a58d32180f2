import { Button, Card, Form, Select, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LIMIT_DEFAULT, PAGE_DEFAULT, PAGE_SIZES } from '@mbo/shared/paging';
import type { TLoginLog } from '@mbo/shared/system';
import { Pagination } from '../../../platform/pagination';
import { parseTime } from '../../../platform/format';
import { useTimezone } from '../../../platform/timezone';
import { useLoginLogs, type TLoginLogQuery } from '../api/get-login-logs';

type TResultFilter = 'all' | 'success' | 'failure';

/** Filters, page and limit live in the URL so a reload or a shared link shows the same list. */
export function readLoginLogQuery(params: URLSearchParams): TLoginLogQuery {
  const page = Number(params.get('page'));
  const limit = Number(params.get('limit'));
  const success = params.get('success');
  return {
    page: Number.isInteger(page) && page >= 1 ? page : PAGE_DEFAULT,
    limit: (PAGE_SIZES as readonly number[]).includes(limit) ? limit : LIMIT_DEFAULT,
    success: success === 'true' ? true : success === 'false' ? false : undefined,
  };
}

export function writeLoginLogQuery(query: TLoginLogQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.success !== undefined) params.set('success', String(query.success));
  if (query.page !== PAGE_DEFAULT) params.set('page', String(query.page));
  if (query.limit !== LIMIT_DEFAULT) params.set('limit', String(query.limit));
  return params;
}

function toFilter(success: boolean | undefined): TResultFilter {
  if (success === undefined) return 'all';
  return success ? 'success' : 'failure';
}

export function LoginLogListPage() {
  const { t } = useTranslation();
  const tz = useTimezone();
  const [searchParams, setSearchParams] = useSearchParams();
  const query = readLoginLogQuery(searchParams);
  const logs = useLoginLogs(query);

  const update = (next: TLoginLogQuery) => setSearchParams(writeLoginLogQuery(next));

  const columns: TableColumnsType<TLoginLog> = [
    { title: t('loginLog.loginName'), dataIndex: 'loginName', key: 'loginName' },
    { title: t('loginLog.ip'), dataIndex: 'ip', key: 'ip' },
    {
      title: t('loginLog.result'),
      dataIndex: 'success',
      key: 'success',
      render: (success: boolean) => (
        <Tag color={success ? 'success' : 'error'}>{success ? t('loginLog.success') : t('loginLog.failure')}</Tag>
      ),
    },
    { title: t('loginLog.reason'), dataIndex: 'reason', key: 'reason', render: (reason: string) => reason || t('common.none') },
    {
      title: t('loginLog.time'),
      dataIndex: 'createdAt',
      key: 'createdAt',
      render: (value: string) => <span data-testid="login-log-time">{parseTime(value, undefined, tz.timezone)}</span>,
    },
  ];

  return (
    <div className="mbo-page">
      <h1 className="mbo-page-title" data-testid="page-title">
        {t('menu.loginLog')}
      </h1>
      <Card>
        <Form layout="inline" style={{ marginBottom: 16, rowGap: 8 }}>
          <Form.Item label={t('loginLog.result')}>
            <Select<TResultFilter>
              data-testid="login-log-filter"
              style={{ width: 160 }}
              value={toFilter(query.success)}
              onChange={(value) => update({ ...query, page: PAGE_DEFAULT, success: value === 'all' ? undefined : value === 'success' })}
              options={[
                { value: 'all', label: t('loginLog.all') },
                { value: 'success', label: t('loginLog.success') },
                { value: 'failure', label: t('loginLog.failure') },
              ]}
            />
          </Form.Item>
          <Form.Item>
            <Space>
              <Button onClick={() => void logs.refetch()}>{t('common.refresh')}</Button>
              <Button onClick={() => update({ page: PAGE_DEFAULT, limit: query.limit })}>{t('common.reset')}</Button>
            </Space>
          </Form.Item>
        </Form>
        <Table<TLoginLog>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={logs.data?.list ?? []}
          loading={logs.isFetching}
          pagination={false}
          scroll={{ x: 'max-content' }}
          data-testid="login-log-table"
        />
        <Pagination
          total={logs.data?.total ?? 0}
          page={query.page}
          limit={query.limit}
          onChange={(page, limit) => update({ ...query, page, limit })}
        />
        {logs.data?.capped && <div className="mbo-capped-note">{t('paging.capped')}</div>}
      </Card>
    </div>
  );
}
