import { useRef, useState } from 'react';
import { Upload, type UploadFile, type UploadProps } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TKycFile, TKycFileField } from '@mbo/shared/kyc';
import { useDeleteKycFile } from '../api/delete-kyc-file';
import { downloadKycFile } from '../api/download-kyc-file';
import { uploadKycFiles } from '../api/upload-kyc-files';
import { acceptFor, uploadHint } from '../utils/file-checks';
import { trackUpload, useBatchCheck } from '../utils/track-upload';
import './kyc-upload.css';

type TProfileFileField = 'businessDocuments' | 'idPhotos';

type TKycUploadProps = {
  /** Given by Form.Item: lands on the file input, so the field's label opens the picker. */
  id?: string;
  value?: number[];
  onChange?: (fileIds: number[]) => void;
  field: TProfileFileField;
  businessId: number;
  /** Every file of the business known so far, for names and sizes. */
  files: ReadonlyMap<number, TKycFile>;
  onUploaded: (files: TKycFile[]) => void;
  testId: string;
};

const DONE_PREFIX = 'kyc-file-';

/**
 * A profile upload field. Each picked file is checked here (type by extension, size, count) and
 * then sent at once; the field's value is the list of file ids the server returned. A refusal
 * (the server checks the type from the content) stays in the list with its reason.
 */
export function KycUpload({ id, value, onChange, field, businessId, files, onUploaded, testId }: TKycUploadProps) {
  const { t } = useTranslation();
  const ids = value ?? [];
  // Several uploads can finish before the form re-renders: each adds to the latest list.
  const idsRef = useRef(ids);
  idsRef.current = ids;
  const [pending, setPending] = useState<UploadFile[]>([]);
  const deleteFile = useDeleteKycFile();

  const update = (next: number[]) => {
    idsRef.current = next;
    onChange?.(next);
  };

  const beforeUpload = useBatchCheck(field, () => idsRef.current.length + pending.filter((item) => item.status === 'uploading').length);

  const customRequest: UploadProps['customRequest'] = ({ file }) => {
    if (typeof file === 'string') return;
    trackUpload({
      file,
      setPending,
      send: (picked) => uploadKycFiles({ businessId, field }, [picked]),
      onStored: (stored) => {
        onUploaded(stored);
        update([...idsRef.current, ...stored.map((f) => f.fileId)]);
      },
      unknownErrorText: t('request.unknownError'),
    });
  };

  const onRemove = async (item: UploadFile): Promise<boolean> => {
    if (!item.uid.startsWith(DONE_PREFIX)) {
      if (item.status !== 'uploading') setPending((list) => list.filter((p) => p.uid !== item.uid));
      return false;
    }
    const fileId = Number(item.uid.slice(DONE_PREFIX.length));
    try {
      await deleteFile.mutateAsync({ businessId, fileId });
      update(idsRef.current.filter((existing) => existing !== fileId));
    } catch {
      // The request client has shown why.
    }
    return false;
  };

  const open = (item: UploadFile) => {
    if (!item.uid.startsWith(DONE_PREFIX)) return;
    void downloadKycFile({ fileId: Number(item.uid.slice(DONE_PREFIX.length)), name: item.name });
  };

  const fileList: UploadFile[] = [
    ...ids.map((fileId) => {
      const known = files.get(fileId);
      return { uid: `${DONE_PREFIX}${fileId}`, name: known?.name ?? `#${fileId}`, size: known?.size, status: 'done' as const };
    }),
    ...pending,
  ];
  return (
    <div className="kyc-upload">
      <Upload.Dragger
        id={id}
        data-testid={testId}
        multiple
        accept={acceptFor(field)}
        fileList={fileList}
        beforeUpload={beforeUpload}
        customRequest={customRequest}
        onRemove={onRemove}
        onPreview={open}
        onDownload={open}
        showUploadList={{ showDownloadIcon: true, showRemoveIcon: true }}
      >
        <DropPrompt field={field} />
      </Upload.Dragger>
      <UploadFailures pending={pending} testId={`${testId}-errors`} />
    </div>
  );
}

/** What the drop area says: pick or drop files, and the field's type, size and count rules. */
export function DropPrompt({ field }: { field: TKycFileField }) {
  const { t } = useTranslation();
  return (
    <>
      <p className="kyc-upload__icon">
        <InboxOutlined />
      </p>
      <p className="kyc-upload__text">{t('kyc.upload.pick')}</p>
      <p className="kyc-upload__hint">{uploadHint(t, field)}</p>
    </>
  );
}

/** Each refused upload with the reason the server or the check gave. */
export function UploadFailures({ pending, testId }: { pending: UploadFile[]; testId: string }) {
  const failures = pending.filter((item) => item.status === 'error');
  if (failures.length === 0) return null;
  return (
    <ul className="kyc-upload__errors" data-testid={testId}>
      {failures.map((item) => (
        <li key={item.uid}>
          {item.name}: {String(item.response)}
        </li>
      ))}
    </ul>
  );
}
