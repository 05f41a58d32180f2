import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Select, Table, Tag, Upload, message } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  BLACKLIST_REASON_MAX,
  BLACKLIST_TYPES,
  type TBlacklistAdd,
  type TBlacklistType,
  type TBlacklistUploadResult,
} from '@mbo/shared/risk';
import { BACKTEST_DAYS, type TRuleBacktest } from '@mbo/shared/risk-backtest';
import { useBlacklistBacktest } from '../api/backtest-blacklist';
import { useAddBlacklistEntry, useImportBlacklist } from '../api/risk-api';
import { BlacklistBacktest } from './blacklist-backtest';
import { SubmitDialog } from '../../../platform/submit-dialog';
import { TableRegion } from '../../../platform/table-region';

/**
 * Add one entry; the value is checked by the server against its type (never a full card number). The
 * first click tries the entry on the last 90 days (what it would have declined) and the figures show
 * above the button; the second adds it. Changing the type or the value asks for a new backtest.
 */
export function BlacklistAddDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TBlacklistAdd>();
  const add = useAddBlacklistEntry();
  const backtest = useBlacklistBacktest();
  const [tried, setTried] = useState<TRuleBacktest | null>(null);
  const type = (Form.useWatch('type', form) ?? 'email') as TBlacklistType;
  const close = () => {
    setTried(null);
    onClose();
  };
  const submit = async (v: TBlacklistAdd) => {
    if (add.isPending || backtest.isPending) return;
    try {
      if (!tried) {
        setTried(await backtest.mutateAsync({ type: v.type, value: v.value.trim() }));
        return;
      }
      const r = await add.mutateAsync({ type: v.type, value: v.value.trim(), reason: v.reason.trim() });
      void message.success(t(r.created ? 'risk.blacklist.added' : 'risk.blacklist.alreadyListed'));
      close();
    } catch {
      // The request client has shown the server's message.
    }
  };
  return (
    <SubmitDialog
      open={open}
      title={t('risk.blacklist.add')}
      onClose={close}
      submit={{
        text: t(tried ? 'risk.backtest.confirmAdd' : 'risk.backtest.run', { days: BACKTEST_DAYS }),
        testId: tried ? 'blacklist-add-submit' : 'blacklist-backtest-run',
        pending: add.isPending || backtest.isPending,
        onClick: () => form.submit(),
      }}
    >
      <Form<TBlacklistAdd>
        form={form}
        layout="vertical"
        initialValues={{ type: 'email' }}
        onFinish={(v) => void submit(v)}
        onValuesChange={(changed: Partial<TBlacklistAdd>) => {
          if (changed.type !== undefined || changed.value !== undefined) setTried(null);
        }}
      >
        <Form.Item name="type" label={t('risk.blacklist.type')}>
          <Select
            data-testid="blacklist-add-type"
            options={BLACKLIST_TYPES.map((x) => ({ value: x, label: t(`risk.blacklist.typeCode.${x}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="value"
          label={t('risk.blacklist.value')}
          extra={t(`risk.blacklist.hint.${type}`)}
          rules={[{ required: true, whitespace: true, message: t('risk.required') }]}
        >
          <Input maxLength={100} data-testid="blacklist-add-value" autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('risk.blacklist.reason')}
          rules={[{ required: true, whitespace: true, message: t('risk.required') }]}
        >
          <Input maxLength={BLACKLIST_REASON_MAX} data-testid="blacklist-add-reason" />
        </Form.Item>
      </Form>
      {tried && <BlacklistBacktest result={tried} />}
    </SubmitDialog>
  );
}

/** A CSV of type,value,reason rows, read in the browser and sent as text; the answer has a result per row. */
export function BlacklistImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const run = useImportBlacklist();
  const [result, setResult] = useState<TBlacklistUploadResult | null>(null);
  const [tooBig, setTooBig] = useState(false);
  const close = () => {
    setResult(null);
    setTooBig(false);
    onClose();
  };
  return (
    <Modal open={open} title={t('risk.blacklist.import')} onCancel={close} footer={null} width={760} destroyOnHidden>
      <Alert type="info" title={t('risk.blacklist.importHelp')} style={{ marginBottom: 12 }} />
      {tooBig && <Alert type="error" title={t('risk.blacklist.fileTooBig')} style={{ marginBottom: 12 }} />}
      <Upload
        accept=".csv,text/csv"
        showUploadList={false}
        beforeUpload={(file) => {
          setTooBig(false);
          if (file.size > 200_000) {
            setTooBig(true);
            return false;
          }
          void file.text().then(async (csv) => {
            try {
              setResult(await run.mutateAsync(csv));
            } catch {
              // Shown by the request client.
            }
          });
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={run.isPending} data-testid="blacklist-import-file">
          {t('risk.blacklist.chooseFile')}
        </Button>
      </Upload>
      {result && (
        <>
          <p data-testid="blacklist-import-summary" style={{ marginTop: 12 }}>
            {t('risk.blacklist.importSummary', { added: result.added, duplicates: result.duplicates, invalid: result.invalid })}
          </p>
          <TableRegion label={t('risk.blacklist.import')}>
            <Table
              size="small"
              rowKey="line"
              pagination={{ pageSize: 10, hideOnSinglePage: true }}
              dataSource={result.rows}
              columns={[
                { title: t('risk.blacklist.line'), dataIndex: 'line', key: 'line', width: 70 },
                { title: t('risk.blacklist.type'), dataIndex: 'type', key: 'type' },
                { title: t('risk.blacklist.value'), dataIndex: 'value', key: 'value' },
                {
                  title: t('risk.blacklist.result'),
                  key: 'result',
                  render: (_: unknown, r: TBlacklistUploadResult['rows'][number]) => (
                    <Tag color={r.result === 'added' ? 'green' : r.result === 'duplicate' ? 'default' : 'red'}>
                      {t(`risk.blacklist.rowResult.${r.result}`)}
                    </Tag>
                  ),
                },
                { title: t('risk.blacklist.error'), dataIndex: 'error', key: 'error' },
              ]}
            />
          </TableRegion>
        </>
      )}
    </Modal>
  );
}
