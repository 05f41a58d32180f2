import { useRef, type Dispatch, type SetStateAction } from 'react';
import { Upload, type UploadFile, type UploadProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TKycFile, TKycFileField } from '@mbo/shared/kyc';
import { RequestError } from '../../../platform/request';
import { showErrorToast } from '../../../platform/request-ui';
import { checkFileBatch, rejectionText } from './file-checks';

let localUploadId = 0;

/** antd gives every picked file a uid; a bare Blob gets a local one so its list item has a key. */
function uploadUid(file: Blob): string {
  if ('uid' in file && typeof file.uid === 'string') return file.uid;
  localUploadId += 1;
  return `local-upload-${localUploadId}`;
}

/**
 * Sends one picked file and keeps its row in `pending` while it travels: the row goes away once the
 * server has stored the file, or stays marked as an error with the server's reason (a session that
 * expired is left to the request client's dialog rather than a second toast).
 */
export function trackUpload(options: {
  file: Blob;
  setPending: Dispatch<SetStateAction<UploadFile[]>>;
  send: (file: Blob) => Promise<TKycFile[]>;
  onStored: (stored: TKycFile[], name: string) => void;
  unknownErrorText: string;
}): void {
  const { file, setPending, send, onStored, unknownErrorText } = options;
  const uid = uploadUid(file);
  const name = file instanceof File ? file.name : uid;
  setPending((list) => [...list, { uid, name, status: 'uploading' }]);
  send(file).then(
    (stored) => {
      setPending((list) => list.filter((item) => item.uid !== uid));
      onStored(stored, name);
    },
    (error: unknown) => {
      const text = error instanceof RequestError ? error.message : unknownErrorText;
      if (!(error instanceof RequestError && error.kind === 'unauthorized')) showErrorToast(text);
      setPending((list) => list.map((item) => (item.uid === uid ? { ...item, status: 'error', response: text } : item)));
    },
  );
}

/**
 * antd's beforeUpload for a field: the files picked at once are checked together (type, size, and
 * the room left next to `countListed()` files already there or on their way); a refused file gets a
 * toast and stays out of the list.
 */
export function useBatchCheck(field: TKycFileField, countListed: () => number): UploadProps['beforeUpload'] {
  const { t } = useTranslation();
  const batch = useRef<{ list: unknown; listed: number } | null>(null);
  return (file, list) => {
    if (batch.current?.list !== list) batch.current = { list, listed: countListed() };
    const rejection = checkFileBatch(field, list, batch.current.listed).rejected.find((r) => r.index === list.indexOf(file));
    if (!rejection) return true;
    showErrorToast(rejectionText(t, field, rejection));
    return Upload.LIST_IGNORE;
  };
}
