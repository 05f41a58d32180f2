import { useState } from 'react';
import { Alert, Button, Modal, Space, Table, Tag, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { WAYBILL_BATCH_MAX_BYTES, WAYBILL_BATCH_MAX_ROWS, type TWaybillBatchResult, type TWaybillBatchRow } from '@mbo/shared/waybills';
import { ChooseFile } from '../../../platform/chosen-files';
import { messageOf } from '../../../platform/request';
import { downloadTemplate, useWaybillBatch } from '../api/waybills';
import { TableRegion } from '../../../platform/table-region';

const RESULT_COLOR = { accepted: 'green', error: 'red', duplicate: 'orange' } as const;

/** Batch of tracking numbers: choose a CSV or XLSX file, preview every row, then store the good ones. */
export function WaybillBatchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<TWaybillBatchResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const batch = useWaybillBatch();

  const close = () => {
    setFile(null);
    setResult(null);
    setProblem(null);
    onClose();
  };

  const send = async (commit: boolean) => {
    if (!file || batch.isPending) {
      if (!file) setProblem(t('waybills.batchFileRequired'));
      return;
    }
    setProblem(null);
    try {
      setResult(await batch.mutateAsync({ file, commit }));
    } catch (error) {
      setProblem(messageOf(error));
    }
  };

  const committed = result?.committed === true;
  return (
    <Modal
      open={open}
      title={t('waybills.batchTitle')}
      onCancel={close}
      destroyOnHidden
      width={900}
      footer={
        committed
          ? [
              <Button key="done" type="primary" data-testid="waybill-batch-done" onClick={close}>
                {t('waybills.done')}
              </Button>,
            ]
          : [
              <Button key="cancel" onClick={close}>
                {t('common.cancel')}
              </Button>,
              <Button key="preview" data-testid="waybill-batch-preview" loading={batch.isPending} onClick={() => void send(false)}>
                {t('waybills.preview')}
              </Button>,
              <Button
                key="commit"
                type="primary"
                data-testid="waybill-batch-commit"
                disabled={!result || result.accepted === 0}
                loading={batch.isPending}
                onClick={() => void send(true)}
              >
                {t('waybills.commit', { count: result?.accepted ?? 0 })}
              </Button>,
            ]
      }
    >
      <Typography.Paragraph>
        {t('waybills.batchRule', { max: WAYBILL_BATCH_MAX_ROWS, mb: WAYBILL_BATCH_MAX_BYTES / 1024 / 1024 })}
      </Typography.Paragraph>
      <Space wrap style={{ marginBottom: 12 }}>
        <Button icon={<DownloadOutlined />} data-testid="waybill-template-csv" onClick={() => void downloadTemplate('csv')}>
          {t('waybills.templateCsv')}
        </Button>
        <Button icon={<DownloadOutlined />} onClick={() => void downloadTemplate('xlsx')}>
          {t('waybills.templateXlsx')}
        </Button>
      </Space>
      {!committed && (
        <div>
          <ChooseFile
            file={file}
            accept=".csv,.xlsx"
            onChoose={(f) => {
              setFile(f);
              setResult(null);
            }}
            onRemove={() => {
              setFile(null);
              setResult(null);
            }}
            testId="waybill-batch-choose"
          >
            {t('waybills.chooseBatch')}
          </ChooseFile>
        </div>
      )}
      {problem && <Alert style={{ marginTop: 12 }} type="error" title={problem} />}
      {result && (
        <div style={{ marginTop: 12 }} data-testid="waybill-batch-result">
          <Alert
            type={result.errors > 0 ? 'warning' : 'success'}
            showIcon
            title={t(committed ? 'waybills.batchCommitted' : 'waybills.batchPreviewed', {
              accepted: result.accepted,
              errors: result.errors,
              duplicates: result.duplicates,
            })}
          />
          <TableRegion label={t('menu.waybill')}>
            <Table<TWaybillBatchRow>
              style={{ marginTop: 12 }}
              size="small"
              rowKey="row"
              dataSource={result.rows}
              pagination={result.rows.length > 10 ? { pageSize: 10, size: 'small' } : false}
              scroll={{ x: 'max-content' }}
              columns={[
                { title: t('waybills.row'), dataIndex: 'row', key: 'row', width: 56 },
                { title: t('waybills.tradeNo'), dataIndex: 'tradeNo', key: 'tradeNo' },
                { title: t('waybills.trackingNo'), dataIndex: 'trackingNo', key: 'trackingNo' },
                {
                  title: t('waybills.result'),
                  key: 'result',
                  render: (_: unknown, r) => (
                    <Space size={4}>
                      <Tag color={RESULT_COLOR[r.result]}>{t(`waybills.rowResult.${r.result}`)}</Tag>
                      {r.reused && <Tag color="gold">{t('waybills.reused')}</Tag>}
                    </Space>
                  ),
                },
                { title: t('waybills.reason'), dataIndex: 'message', key: 'message', width: 280 },
              ]}
            />
          </TableRegion>
        </div>
      )}
    </Modal>
  );
}
