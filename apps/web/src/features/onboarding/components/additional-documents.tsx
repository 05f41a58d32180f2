import { useState } from 'react';
import { Button, Card, Empty, Result, Spin, Upload, message, type UploadFile, type UploadProps } from 'antd';
import { DownloadOutlined, FileOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TKycFile } from '@mbo/shared/kyc';
import { parseTime } from '../../../platform/format';
import { useTimezone } from '../../../platform/timezone';
import { downloadKycFile } from '../api/download-kyc-file';
import { getAdditionalFilesQueryOptions, useAdditionalFiles } from '../api/get-additional-files';
import { uploadAdditional } from '../api/upload-additional';
import { formatFileSize } from '../utils/display-names';
import { trackUpload, useBatchCheck } from '../utils/track-upload';
import { acceptFor } from '../utils/file-checks';
import { DropPrompt, UploadFailures } from './kyc-upload';
import { Page } from '../../../platform/page';
import './kyc-upload.css';
import './additional-documents.css';

const FIELD = 'additionalDocuments';

/** A positive whole number from the route, or null. */
export function parseBusinessId(value: string | undefined): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/**
 * /setting/uploadAdditional/:businessId: more documents for the reviewer, accepted at any time.
 * Same type, size and count rules as the profile's business documents; the list below shows what
 * the business has handed in so far.
 */
export function AdditionalDocuments({ businessId }: { businessId: number | null }) {
  const { t } = useTranslation();
  useTimezone();
  const client = useQueryClient();
  const files = useAdditionalFiles(businessId);
  const [pending, setPending] = useState<UploadFile[]>([]);
  const beforeUpload = useBatchCheck(FIELD, () => (files.data ?? []).length + pending.filter((item) => item.status === 'uploading').length);

  if (businessId === null) {
    return <Result status="404" title={<h1 className="mbo-result-title">{t('kyc.additional.badBusiness')}</h1>} />;
  }

  const uploaded = files.data ?? [];

  const customRequest: UploadProps['customRequest'] = ({ file }) => {
    if (typeof file === 'string') return;
    trackUpload({
      file,
      setPending,
      send: (picked) => uploadAdditional(businessId, [picked]),
      onStored: (stored, name) => {
        client.setQueryData(getAdditionalFilesQueryOptions(businessId).queryKey, (old: TKycFile[] | undefined) => [
          ...(old ?? []),
          ...stored,
        ]);
        void message.success(t('kyc.additional.uploaded', { name }));
      },
      unknownErrorText: t('request.unknownError'),
    });
  };

  return (
    <Page title={t('route.uploadAdditional')} className="kyc-additional">
      <Card className="kyc-additional__card">
        <p className="kyc-additional__intro">{t('kyc.additional.intro')}</p>
        <div className="kyc-upload">
          <Upload.Dragger
            data-testid="upload-additional-input"
            multiple
            accept={acceptFor(FIELD)}
            fileList={pending}
            beforeUpload={beforeUpload}
            customRequest={customRequest}
            onRemove={(item) => {
              if (item.status !== 'uploading') setPending((list) => list.filter((p) => p.uid !== item.uid));
              return false;
            }}
          >
            <DropPrompt field={FIELD} />
          </Upload.Dragger>
          <UploadFailures pending={pending} testId="upload-additional-errors" />
        </div>
      </Card>
      <Card className="kyc-additional__card" title={t('kyc.additional.listTitle', { total: uploaded.length })}>
        {files.isPending ? (
          <div className="kyc-loading">
            <Spin />
          </div>
        ) : (
          <ul className="kyc-additional__list" data-testid="upload-additional-list" data-count={uploaded.length}>
            {uploaded.length === 0 && (
              <li className="kyc-additional__empty">
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('kyc.additional.empty')} />
              </li>
            )}
            {uploaded.map((file) => (
              <li key={file.fileId} className="kyc-additional__item" data-testid={`upload-additional-item-${file.fileId}`}>
                <FileOutlined className="kyc-additional__icon" />
                <div className="kyc-additional__main">
                  <div className="kyc-additional__name">{file.name}</div>
                  <div className="kyc-additional__meta">
                    {formatFileSize(file.size)} · {parseTime(file.uploadedAt)}
                  </div>
                </div>
                <Button
                  type="link"
                  icon={<DownloadOutlined />}
                  aria-label={t('kyc.additional.download', { name: file.name })}
                  onClick={() => void downloadKycFile(file)}
                />
              </li>
            ))}
          </ul>
        )}
      </Card>
    </Page>
  );
}
