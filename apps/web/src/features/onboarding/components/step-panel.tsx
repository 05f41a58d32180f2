import { useRef, useState } from 'react';
import { Alert, Button, Card, Form, Steps, message, type Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApprovalWaiting } from '@mbo/shared/approvals';
import { KYC_STEPS, type TKycDraft, type TKycDraftData, type TKycFile, type TKycStep } from '@mbo/shared/kyc';
import { showErrorToast } from '../../../platform/request-ui';
import { useIsMobile } from '../../../platform/use-is-mobile';
import { useDeleteKycFile } from '../api/delete-kyc-file';
import { useSaveKycDraft } from '../api/save-kyc-draft';
import { useSubmitKyc } from '../api/submit-kyc';
import { checkStep, isRefusedEntityType, samePath, type TIssue, type TPath } from '../utils/kyc-rules';
import { saveBodyOf, valuesOfStep, withStep, type TOwnerValues } from '../utils/step-values';
import { BankStep } from './steps/bank-step';
import { BusinessStep } from './steps/business-step';
import { IndustryStep } from './steps/industry-step';
import { OwnersStep } from './steps/owners-step';
import { ReviewStep } from './steps/review-step';
import type { TStepProps } from './steps/step-props';

const ACTIVATE_PATH = '/activate';

type TModalApi = ReturnType<typeof Modal.useModal>[0];

/** Same content whatever the key order (the server may send keys in another order). */
function sameData(a: unknown, b: unknown): boolean {
  const stable = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(stable);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value as Record<string, unknown>)
          .filter(([, v]) => v !== undefined)
          .sort(([x], [y]) => x.localeCompare(y))
          .map(([k, v]) => [k, stable(v)]),
      );
    }
    return value;
  };
  return JSON.stringify(stable(a ?? {})) === JSON.stringify(stable(b ?? {}));
}

const pathKey = (path: TPath) => path.map(String).join('.');

export type TStepPanelProps = {
  index: number;
  businessId: number;
  data: TKycDraftData;
  files: ReadonlyMap<number, TKycFile>;
  today: string;
  dirty: boolean;
  setDirty: (dirty: boolean) => void;
  onSaved: (draft: TKycDraft) => void;
  addFiles: (files: readonly TKycFile[]) => void;
  goTo: (index: number) => void;
  modal: TModalApi;
};

type TBusy = 'prev' | 'save' | 'next' | 'submit' | null;

/** One step: its form, the steps indicator and the buttons. Mounted afresh for every step. */
export function StepPanel({ index, businessId, data, files, today, dirty, setDirty, onSaved, addFiles, goTo, modal }: TStepPanelProps) {
  const step: TKycStep = KYC_STEPS[index] ?? 'business';
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const [form] = Form.useForm();
  const [initialValues] = useState(() => valuesOfStep(step, data));
  const [stepIssues, setStepIssues] = useState<TIssue[]>([]);
  const [busy, setBusy] = useState<TBusy>(null);
  /** The approval request a changed bank account waits in (nothing saved until another administrator approves it). */
  const [waitingId, setWaitingId] = useState<number | null>(null);
  const running = useRef(false);
  const save = useSaveKycDraft();
  const submit = useSubmitKyc();
  const deleteFile = useDeleteKycFile();
  const entityType = Form.useWatch<string | undefined>('entityType', form);
  const blocked = step === 'business' && isRefusedEntityType(entityType);

  const currentBody = () => saveBodyOf(step, businessId, form.getFieldsValue(true) as object);
  const currentIssues = () => checkStep(step, withStep(data, currentBody()), today);
  const registeredPaths = () => new Set(form.getFieldsError().map((field) => pathKey(field.name)));
  const unplaced = (issues: TIssue[]) => {
    const registered = registeredPaths();
    return issues.filter((issue) => !registered.has(pathKey(issue.path)));
  };

  const rule: TStepProps['rule'] = (path) => ({
    validator: async () => {
      const issue = currentIssues().find((candidate) => samePath(candidate.path, path));
      if (issue) throw new Error(t(issue.key, issue.values));
    },
  });

  /** Runs one button's work at a time: a second click while it runs does nothing. */
  const run = async (kind: Exclude<TBusy, null>, work: () => Promise<void>) => {
    if (running.current) return;
    running.current = true;
    setBusy(kind);
    try {
      await work();
    } finally {
      running.current = false;
      setBusy(null);
    }
  };

  const validateStep = async (): Promise<boolean> => {
    const issues = currentIssues();
    setStepIssues(unplaced(issues));
    if (issues.length === 0) return true;
    await form.validateFields().catch(() => undefined);
    const registered = registeredPaths();
    const first = issues.find((issue) => registered.has(pathKey(issue.path)));
    if (first) form.scrollToField([...first.path], { block: 'center' });
    return false;
  };

  /** Saves the step when it was changed, unless the server already holds exactly this. */
  const persist = async (): Promise<boolean> => {
    if (!dirty) return true;
    const body = currentBody();
    if (sameData(body.data, data[step])) {
      setDirty(false);
      return true;
    }
    try {
      const saved = await save.mutateAsync(body);
      if (isApprovalWaiting(saved)) {
        // Stays on the step, with the notice: the change is not the draft's until it is approved.
        setWaitingId(saved.approvalId);
        setDirty(false);
        return false;
      }
      onSaved(saved);
      return true;
    } catch {
      // The request client has shown the server's message.
      return false;
    }
  };

  const showRefused = async () => {
    await form.validateFields(['entityType']).catch(() => undefined);
  };

  const moveTo = (target: number) =>
    run('prev', async () => {
      if (blocked) return showRefused();
      if (await persist()) goTo(target);
    });

  const onNext = () =>
    run('next', async () => {
      if (blocked) return showRefused();
      if (!(await validateStep())) return;
      if (await persist()) goTo(index + 1);
    });

  const onSave = () =>
    run('save', async () => {
      if (blocked) return showRefused();
      if (await persist()) void message.success(t('kyc.saved'));
    });

  const onSubmit = () =>
    run('submit', async () => {
      if (!(await validateStep())) return;
      const full = withStep(data, currentBody());
      const incomplete = KYC_STEPS.find((candidate) => checkStep(candidate, full, today).length > 0);
      if (!(await persist())) return;
      if (incomplete) {
        showErrorToast(t('kyc.incompleteStep', { step: t(`kyc.step.${incomplete}`) }));
        goTo(KYC_STEPS.indexOf(incomplete));
        return;
      }
      try {
        await submit.mutateAsync({ businessId });
      } catch {
        return;
      }
      setDirty(false);
      void message.success(t('kyc.submitted'));
      void navigate(ACTIVATE_PATH, { replace: true });
    });

  const onRemoveOwner = async (owner: TOwnerValues | undefined): Promise<boolean> => {
    const confirmed = await modal.confirm({
      title: t('kyc.owners.removeTitle'),
      content: t('kyc.owners.removeText'),
      okText: t('kyc.remove'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
    });
    if (confirmed !== true) return false;
    for (const fileId of owner?.idPhotoFileIds ?? []) {
      await deleteFile.mutateAsync({ businessId, fileId }).catch(() => undefined);
    }
    setDirty(true);
    return true;
  };

  const stepProps: TStepProps = { form, rule, businessId, files, onUploaded: addFiles };
  const title = (candidate: TKycStep) => t(`kyc.step.${candidate}`);
  const disabled = busy !== null;

  return (
    <Card className="kyc-panel">
      {isMobile ? (
        <div className="kyc-steps-compact" data-testid="kyc-steps">
          <span>{t('kyc.stepOf', { n: index + 1, total: KYC_STEPS.length })}</span>
          <div className="kyc-steps-compact__bar">
            <div style={{ width: `${((index + 1) / KYC_STEPS.length) * 100}%` }} />
          </div>
        </div>
      ) : (
        <Steps
          className="kyc-steps"
          size="small"
          current={index}
          data-testid="kyc-steps"
          items={KYC_STEPS.map((candidate, i) => ({ title: title(candidate), disabled: i >= index || disabled }))}
          onChange={(target) => {
            if (target < index) void moveTo(target);
          }}
        />
      )}
      <div className="kyc-step" data-testid={`kyc-step-${index + 1}`} data-step={step}>
        <h2 className="kyc-step__title">{title(step)}</h2>
        <p className="kyc-muted">{t(`kyc.stepIntro.${step}`)}</p>
        <Form
          form={form}
          layout="vertical"
          initialValues={initialValues}
          onValuesChange={() => {
            setDirty(true);
            if (stepIssues.length > 0) setStepIssues(unplaced(currentIssues()));
          }}
        >
          {step === 'business' && <BusinessStep {...stepProps} />}
          {step === 'industry' && <IndustryStep {...stepProps} />}
          {step === 'bank' && <BankStep {...stepProps} />}
          {step === 'owners' && <OwnersStep {...stepProps} onRemoveOwner={onRemoveOwner} />}
          {step === 'declaration' && <ReviewStep {...stepProps} data={data} onEdit={(target) => void moveTo(KYC_STEPS.indexOf(target))} />}
        </Form>
        {waitingId !== null && (
          <Alert
            type="info"
            showIcon
            className="kyc-alert"
            data-testid="kyc-bank-waiting"
            title={t('kyc.bankChangeWaiting', { id: waitingId })}
          />
        )}
        {stepIssues.length > 0 && (
          <Alert
            type="error"
            showIcon
            className="kyc-alert"
            data-testid="kyc-step-issues"
            title={
              <ul className="kyc-issues">
                {stepIssues.map((issue) => (
                  <li key={`${pathKey(issue.path)}:${issue.key}`}>{t(issue.key, issue.values)}</li>
                ))}
              </ul>
            }
          />
        )}
      </div>
      <div className="kyc-footer">
        {index > 0 && (
          <Button onClick={() => void moveTo(index - 1)} loading={busy === 'prev'} disabled={disabled} data-testid="kyc-prev">
            {t('kyc.prev')}
          </Button>
        )}
        <Button onClick={() => void onSave()} loading={busy === 'save'} disabled={disabled || blocked} data-testid="kyc-save">
          {t('kyc.save')}
        </Button>
        {step === 'declaration' ? (
          <Button type="primary" onClick={() => void onSubmit()} loading={busy === 'submit'} disabled={disabled} data-testid="kyc-submit">
            {t('kyc.submit')}
          </Button>
        ) : (
          <Button
            type="primary"
            onClick={() => void onNext()}
            loading={busy === 'next'}
            disabled={disabled || blocked}
            data-testid="kyc-next"
          >
            {t('kyc.next')}
          </Button>
        )}
      </div>
    </Card>
  );
}
