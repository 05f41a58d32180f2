import { useState } from 'react';
import { Alert, Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { WEBSITE_BATCH_MAX_BYTES, WEBSITE_BATCH_MAX_LINES } from '@mbo/shared/websites';
import { ChooseFile } from '../../../platform/chosen-files';
import { SubmitDialog } from '../../../platform/submit-dialog';
import { useUploadWebsites } from '../api/websites';
import { ShopChecklist } from './shop-checklist';
import { UploadResult } from './upload-result';
import { useWebsiteSubmission } from './website-submission';

/** Batch upload of a TXT (a URL per line) or CSV file, with the checklist; shows the outcome and each refused line. */
export function WebsiteUploadDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const { checklist, setChecklist, problem, setProblem, result, setResult, reset, send } = useWebsiteSubmission();
  const upload = useUploadWebsites();

  const close = () => {
    setFile(null);
    reset();
    onClose();
  };

  const choose = (f: File) => {
    if (!/\.(txt|csv)$/i.test(f.name)) setProblem(t('websites.fileType'));
    else if (f.size > WEBSITE_BATCH_MAX_BYTES) setProblem(t('websites.fileTooLarge', { mb: WEBSITE_BATCH_MAX_BYTES / 1024 / 1024 }));
    else {
      setProblem(null);
      setFile(f);
    }
  };

  const submit = async () => {
    if (upload.isPending) return;
    if (!file) {
      setProblem(t('websites.fileRequired'));
      return;
    }
    await send((confirmed) => upload.mutateAsync({ file, checklist: confirmed }));
  };

  return (
    <SubmitDialog
      open={open}
      title={t('websites.uploadTitle')}
      onClose={close}
      submit={{ text: t('websites.upload'), testId: 'website-upload-submit', pending: upload.isPending, onClick: () => void submit() }}
      footer={
        result
          ? [
              <Button key="again" onClick={() => setResult(null)}>
                {t('websites.uploadAnother')}
              </Button>,
              <Button key="close" type="primary" data-testid="website-upload-done" onClick={close}>
                {t('websites.done')}
              </Button>,
            ]
          : undefined
      }
    >
      {result ? (
        <UploadResult result={result} />
      ) : (
        <>
          <Typography.Paragraph>{t('websites.uploadRule', { max: WEBSITE_BATCH_MAX_LINES })}</Typography.Paragraph>
          <Typography.Paragraph code style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
            {t('websites.uploadExample')}
          </Typography.Paragraph>
          <ChooseFile file={file} accept=".txt,.csv" onChoose={choose} onRemove={() => setFile(null)} testId="website-upload-choose">
            {t('websites.chooseFile')}
          </ChooseFile>
          <div style={{ marginTop: 16 }}>
            <ShopChecklist value={checklist} onChange={setChecklist} />
          </div>
          {problem && <Alert style={{ marginTop: 12 }} type="error" data-testid="website-upload-problem" title={problem} />}
        </>
      )}
    </SubmitDialog>
  );
}
