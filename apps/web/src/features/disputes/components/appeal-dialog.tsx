import { useRef, useState } from 'react';
import { Alert, Button, Form, Input, Modal, Upload, message } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { APPEAL_NOTE_MAX, EVIDENCE_EXTENSIONS, EVIDENCE_MAX_BYTES, EVIDENCE_MAX_COUNT, checkEvidenceFiles } from '@mbo/shared/disputes';
import { messageOf } from '../../../platform/request';
import { useAppealDispute } from '../api/appeal-dispute';

const ACCEPT = EVIDENCE_EXTENSIONS.map((e) => `.${e}`).join(',');

/** Appeal with evidence: the same type, size and count rules as the server (which also reads each file's content). */
export function AppealDialog({ caseNo, onClose }: { caseNo: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [files, setFilesState] = useState<File[]>([]);
  // Several files chosen at once arrive one call each before a re-render: check against the latest list.
  const latest = useRef<File[]>([]);
  const setFiles = (next: File[] | ((list: File[]) => File[])) => {
    latest.current = typeof next === 'function' ? next(latest.current) : next;
    setFilesState(latest.current);
  };
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const appeal = useAppealDispute();

  const add = (file: File) => {
    const next = [...latest.current, file];
    const check = checkEvidenceFiles(next);
    if (check.problem === 'tooMany') setProblem(t('dispute.evidenceTooMany', { count: EVIDENCE_MAX_COUNT }));
    else if (check.problem === 'badType') setProblem(t('dispute.evidenceBadType', { name: check.name }));
    else if (check.problem === 'tooLarge')
      setProblem(t('dispute.evidenceTooLarge', { name: check.name, mb: EVIDENCE_MAX_BYTES / 1024 / 1024 }));
    else {
      setProblem(null);
      setFiles(next);
    }
  };

  const close = () => {
    setFiles([]);
    setNote('');
    setProblem(null);
    onClose();
  };

  const submit = async () => {
    if (!caseNo || appeal.isPending) return;
    if (files.length === 0) {
      setProblem(t('dispute.evidenceRequired'));
      return;
    }
    try {
      await appeal.mutateAsync({ caseNo, note: note.trim(), files });
      void message.success(t('dispute.appealed'));
      close();
    } catch (error) {
      setProblem(messageOf(error));
    }
  };

  return (
    <Modal
      open={caseNo !== null}
      title={t('dispute.appealTitle', { caseNo: caseNo ?? '' })}
      onCancel={close}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={close}>
          {t('common.cancel')}
        </Button>,
        <Button
          key="ok"
          type="primary"
          data-testid="appeal-submit"
          loading={appeal.isPending}
          disabled={appeal.isPending}
          onClick={() => void submit()}
        >
          {t('dispute.appealSubmit')}
        </Button>,
      ]}
    >
      <Form layout="vertical">
        <Form.Item label={t('dispute.appealNote')}>
          <Input.TextArea
            data-testid="appeal-note"
            rows={3}
            showCount
            maxLength={APPEAL_NOTE_MAX}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        </Form.Item>
        <Form.Item
          label={t('dispute.evidence')}
          extra={t('dispute.evidenceRule', { count: EVIDENCE_MAX_COUNT, mb: EVIDENCE_MAX_BYTES / 1024 / 1024 })}
        >
          <Upload
            accept={ACCEPT}
            multiple
            fileList={files.map((f, i) => ({ uid: `${i}-${f.name}`, name: f.name, status: 'done' as const }))}
            beforeUpload={(file) => {
              add(file);
              return false;
            }}
            onRemove={(item) => setFiles((list) => list.filter((f, i) => `${i}-${f.name}` !== item.uid))}
          >
            <Button icon={<UploadOutlined />} data-testid="appeal-choose">
              {t('dispute.chooseFiles')}
            </Button>
          </Upload>
        </Form.Item>
        {problem && <Alert type="error" data-testid="appeal-problem" title={problem} />}
      </Form>
    </Modal>
  );
}
