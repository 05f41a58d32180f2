import { useState } from 'react';
import { Alert, Form, message } from 'antd';
import { useTranslation } from 'react-i18next';
import { EVIDENCE_EXTENSIONS, EVIDENCE_MAX_BYTES, EVIDENCE_MAX_COUNT } from '@mbo/shared/disputes';
import { ChooseFiles, useChosenFiles } from '../../../platform/chosen-files';
import { messageOf } from '../../../platform/request';
import { SubmitDialog } from '../../../platform/submit-dialog';
import { useAppealDispute } from '../api/appeal-dispute';
import { AppealNote } from './appeal-note';
import { evidenceProblem } from './evidence-problem';

const ACCEPT = EVIDENCE_EXTENSIONS.map((e) => `.${e}`).join(',');

/** Appeal with evidence: the same type, size and count rules as the server (which also reads each file's content). */
export function AppealDialog({ caseNo, onClose }: { caseNo: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const chosen = useChosenFiles();
  const files = chosen.files;
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const appeal = useAppealDispute();

  const add = (file: File) => {
    const next = [...chosen.latest(), file];
    const problemOf = evidenceProblem(t, next);
    if (problemOf) setProblem(problemOf);
    else {
      setProblem(null);
      chosen.set(next);
    }
  };

  const close = () => {
    chosen.set([]);
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
    <SubmitDialog
      open={caseNo !== null}
      title={t('dispute.appealTitle', { caseNo: caseNo ?? '' })}
      onClose={close}
      submit={{
        text: t('dispute.appealSubmit'),
        testId: 'appeal-submit',
        pending: appeal.isPending,
        disabled: appeal.isPending,
        onClick: () => void submit(),
      }}
    >
      <Form layout="vertical">
        <AppealNote label={t('dispute.appealNote')} testId="appeal-note" rows={3} value={note} onChange={setNote} />
        <Form.Item
          label={t('dispute.evidence')}
          extra={t('dispute.evidenceRule', { count: EVIDENCE_MAX_COUNT, mb: EVIDENCE_MAX_BYTES / 1024 / 1024 })}
        >
          <ChooseFiles chosen={chosen} accept={ACCEPT} onChoose={add} testId="appeal-choose">
            {t('dispute.chooseFiles')}
          </ChooseFiles>
        </Form.Item>
        {problem && <Alert type="error" data-testid="appeal-problem" title={problem} />}
      </Form>
    </SubmitDialog>
  );
}
