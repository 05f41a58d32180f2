import { useState } from 'react';
import { Alert, Button, Card, Checkbox, Descriptions, Form, Input, List, Modal, Space, Typography, message } from 'antd';
import { useTranslation } from 'react-i18next';
import { EVIDENCE_EXTENSIONS, EVIDENCE_MAX_BYTES, EVIDENCE_MAX_COUNT } from '@mbo/shared/disputes';
import {
  EVIDENCE_SECTION_MAX,
  EVIDENCE_SECTIONS,
  type TEvidencePackage,
  type TEvidenceSections,
  type TWorkspace,
} from '@mbo/shared/dispute-evidence';
import { ChooseFiles, useChosenFiles } from '../../../platform/chosen-files';
import { formatAmount, parseTime } from '../../../platform/format';
import { messageOf } from '../../../platform/request';
import { useTimezone } from '../../../platform/timezone';
import { getDraftPreview } from '../api/get-draft-preview';
import { useSaveDraft } from '../api/save-draft';
import { useSubmitDraft } from '../api/submit-draft';
import { AppealNote } from './appeal-note';
import { evidenceProblem } from './evidence-problem';

const ACCEPT = EVIDENCE_EXTENSIONS.map((e) => `.${e}`).join(',');

/**
 * The evidence draft: saved as often as wanted (nothing reaches the issuer), previewed from what is
 * saved, and submitted from the preview, once. A submitted draft, or a case no longer open, is shown
 * read-only.
 */
export function DraftForm({ ws }: { ws: TWorkspace }) {
  const { t } = useTranslation();
  const tz = useTimezone();
  const draft = ws.draft;
  const [note, setNote] = useState(draft?.note ?? '');
  const [sections, setSections] = useState<TEvidenceSections>(draft?.sections ?? ws.suggested);
  const [ce3, setCe3] = useState(draft?.ce3 ?? ws.ce3?.eligible === true);
  const [kept, setKept] = useState<number[]>(draft?.files.map((f) => f.id) ?? []);
  const [dirty, setDirty] = useState(draft === null);
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<TEvidencePackage | null>(null);
  const chosen = useChosenFiles();
  const save = useSaveDraft();
  const submit = useSubmitDraft();
  const readOnly = !ws.canEdit;
  const changed =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setDirty(true);
    };

  const add = (file: File) => {
    const next = [...chosen.latest(), file];
    const problemOf = evidenceProblem(t, next, kept.length);
    if (problemOf) setProblem(problemOf);
    else {
      setProblem(null);
      chosen.set(next);
      setDirty(true);
    }
  };

  const onSave = async () => {
    if (save.isPending) return;
    try {
      await save.mutateAsync({
        caseNo: ws.caseNo,
        version: draft?.version ?? 0,
        note: note.trim(),
        sections,
        ce3,
        keepFiles: kept,
        files: chosen.files,
      });
      chosen.set([]);
      setDirty(false);
      setProblem(null);
      void message.success(t('disputeWorkspace.saved'));
    } catch (error) {
      setProblem(messageOf(error));
    }
  };

  const onPreview = async () => {
    if (dirty) {
      setProblem(t('disputeWorkspace.unsaved'));
      return;
    }
    try {
      setPreview(await getDraftPreview(ws.caseNo));
    } catch (error) {
      setProblem(messageOf(error));
    }
  };

  const onSubmit = async () => {
    if (!preview || submit.isPending) return;
    try {
      await submit.mutateAsync({ caseNo: ws.caseNo, version: preview.version });
      setPreview(null);
      void message.success(t('disputeWorkspace.submittedDone'));
    } catch (error) {
      setPreview(null);
      setProblem(messageOf(error));
    }
  };

  const files = (draft?.files ?? []).filter((f) => kept.includes(f.id));
  return (
    <Card size="small" title={t('disputeWorkspace.draftTitle')} data-testid="ws-draft">
      {draft?.submittedAt && (
        <Alert
          type="success"
          showIcon
          data-testid="ws-submitted"
          title={t('disputeWorkspace.submitted', { at: parseTime(draft.submittedAt, undefined, tz.timezone) })}
        />
      )}
      {!draft?.submittedAt && readOnly && <Alert type="info" showIcon title={t('disputeWorkspace.readOnly')} />}
      {draft && !draft.submittedAt && (
        <Typography.Paragraph type="secondary">
          {t('disputeWorkspace.version', { version: draft.version, at: parseTime(draft.updatedAt, undefined, tz.timezone) })}
        </Typography.Paragraph>
      )}
      <Form layout="vertical" disabled={readOnly} style={{ marginTop: 8 }}>
        <AppealNote label={t('disputeWorkspace.note')} testId="ws-note" rows={2} value={note} onChange={changed(setNote)} />
        {EVIDENCE_SECTIONS.map((k) => (
          <Form.Item key={k} label={t(`disputeWorkspace.section.${k}`)}>
            <Input.TextArea
              data-testid={`ws-section-${k}`}
              autoSize={{ minRows: 2, maxRows: 8 }}
              maxLength={EVIDENCE_SECTION_MAX}
              value={sections[k]}
              onChange={(e) => changed(setSections)({ ...sections, [k]: e.target.value })}
            />
          </Form.Item>
        ))}
        {ws.ce3?.eligible && (
          <Form.Item>
            <Checkbox data-testid="ws-ce3" checked={ce3} onChange={(e) => changed(setCe3)(e.target.checked)}>
              {t('disputeWorkspace.attachCe3')}
            </Checkbox>
          </Form.Item>
        )}
        <Form.Item
          label={t('disputeWorkspace.files')}
          extra={t('dispute.evidenceRule', { count: EVIDENCE_MAX_COUNT, mb: EVIDENCE_MAX_BYTES / 1024 / 1024 })}
        >
          {files.length > 0 && (
            <List
              size="small"
              dataSource={files}
              renderItem={(f) => (
                <List.Item
                  data-testid="ws-file"
                  actions={
                    readOnly
                      ? []
                      : [
                          <Button key="rm" type="link" size="small" onClick={() => changed(setKept)(kept.filter((id) => id !== f.id))}>
                            {t('disputeWorkspace.remove')}
                          </Button>,
                        ]
                  }
                >
                  {f.name}
                </List.Item>
              )}
            />
          )}
          {!readOnly && (
            <ChooseFiles chosen={chosen} accept={ACCEPT} onChoose={add} testId="ws-choose">
              {t('dispute.chooseFiles')}
            </ChooseFiles>
          )}
        </Form.Item>
      </Form>
      {problem && <Alert type="error" data-testid="ws-problem" title={problem} style={{ marginBottom: 12 }} />}
      {!readOnly && (
        <Space wrap>
          <Button data-testid="ws-save" type="primary" loading={save.isPending} onClick={() => void onSave()}>
            {t('disputeWorkspace.save')}
          </Button>
          <Button data-testid="ws-preview" disabled={!draft} onClick={() => void onPreview()}>
            {t('disputeWorkspace.preview')}
          </Button>
        </Space>
      )}
      {draft?.submittedAt && (
        <Button data-testid="ws-preview" style={{ marginTop: 12 }} onClick={() => void onPreview()}>
          {t('disputeWorkspace.preview')}
        </Button>
      )}
      <PreviewModal
        pkg={preview}
        canSubmit={!readOnly}
        pending={submit.isPending}
        onSubmit={() => void onSubmit()}
        onClose={() => setPreview(null)}
      />
    </Card>
  );
}

/** The package as the issuer reads it (in English); submitting is offered here, after the merchant has read it. */
function PreviewModal(p: {
  pkg: TEvidencePackage | null;
  canSubmit: boolean;
  pending: boolean;
  onSubmit: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const pkg = p.pkg;
  return (
    <Modal
      open={pkg !== null}
      title={t('disputeWorkspace.previewTitle')}
      onCancel={p.onClose}
      width={720}
      footer={
        p.canSubmit ? (
          <Space wrap style={{ justifyContent: 'flex-end' }}>
            <Button onClick={p.onClose}>{t('common.cancel')}</Button>
            <Button type="primary" danger data-testid="ws-submit" loading={p.pending} onClick={p.onSubmit}>
              {t('disputeWorkspace.submit')}
            </Button>
          </Space>
        ) : null
      }
    >
      {pkg && (
        <div data-testid="ws-package" lang="en">
          <Alert
            type="info"
            title={p.canSubmit ? t('disputeWorkspace.submitConfirm') : t('disputeWorkspace.previewLanguage')}
            style={{ marginBottom: 12 }}
          />
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('dispute.caseNo')}>{pkg.caseNo}</Descriptions.Item>
            <Descriptions.Item label={t('dispute.reason')}>
              {pkg.cardScheme} {pkg.reasonCode} {pkg.reason}
            </Descriptions.Item>
            <Descriptions.Item label={t('dispute.tradeNo')}>
              {pkg.tradeNo} · {formatAmount(pkg.amount, pkg.currency)}
            </Descriptions.Item>
            {pkg.note && <Descriptions.Item label={t('disputeWorkspace.previewNote')}>{pkg.note}</Descriptions.Item>}
            {pkg.sections.map((s) => (
              <Descriptions.Item key={s.key} label={s.title}>
                <span style={{ whiteSpace: 'pre-wrap' }}>{s.text}</span>
              </Descriptions.Item>
            ))}
            {pkg.ce3 && (
              <Descriptions.Item label={t('disputeWorkspace.previewCe3')}>
                {pkg.ce3.map((q) => (
                  <div key={q.tradeNo}>
                    {q.tradeNo} · {q.createdAt.slice(0, 10)} · {q.daysBefore} d · {q.matched.join(', ')}
                  </div>
                ))}
              </Descriptions.Item>
            )}
            <Descriptions.Item label={t('disputeWorkspace.previewFiles')}>
              {pkg.files.length === 0 ? '-' : pkg.files.map((f) => <div key={f.id}>{f.name}</div>)}
            </Descriptions.Item>
          </Descriptions>
          {pkg.sections.length === 0 && !pkg.note && <Typography.Paragraph>{t('disputeWorkspace.previewEmpty')}</Typography.Paragraph>}
        </div>
      )}
    </Modal>
  );
}
