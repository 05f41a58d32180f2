import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button, Modal, Result } from 'antd';
import { ArrowLeftOutlined, LogoutOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApprovalWaiting } from '@mbo/shared/approvals';
import { KycReviewState, type TKycDraft, type TKycDraftData, type TKycFile } from '@mbo/shared/kyc';
import { MerchantStatus } from '@mbo/shared/merchants';
import { signOut } from '../../../platform/sign-out';
import { confirmLeave, useUnsavedChanges } from '../../../platform/unsaved-changes';
import { useKycDraft } from '../api/get-kyc-draft';
import { useKycStatus } from '../api/get-kyc-status';
import { useSaveKycDraft } from '../api/save-kyc-draft';
import { resumeStepIndex } from '../utils/kyc-rules';
import { adoptUnsavedDocuments, businessToday } from '../utils/step-values';
import { LoadFailedBody, LoadingBody } from './load-states';
import { StepPanel } from './step-panel';
import { ProfileSummary } from './steps/review-step';
import './kyc-wizard.css';

const ACTIVATE_PATH = '/activate';

/**
 * The KYC wizard (spec §3 KYC fields, §5 rules): five steps, each saved as a server draft on
 * "next" and "save"; it reopens where the saved data stops being complete.
 */
export function KycWizard({ businessId }: { businessId: number | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const draft = useKycDraft(businessId);
  const status = useKycStatus(businessId);

  if (businessId === null) {
    return <Result status="warning" title={t('kyc.noBusiness')} />;
  }
  if (draft.isPending) {
    return <LoadingBody className="kyc-loading" />;
  }
  if (draft.isError) {
    return <LoadFailedBody onRetry={() => void draft.refetch()} />;
  }
  if (draft.data.reviewState === KycReviewState.approved) {
    return <ApprovedProfile businessId={businessId} draft={draft.data} />;
  }
  // A business active from before the online form (no profile submitted here): nothing to fill in.
  if (status.isPending) {
    return <LoadingBody className="kyc-loading" />;
  }
  if (status.data?.businessStatus === MerchantStatus.normal && draft.data.reviewState === KycReviewState.notSubmitted) {
    return <ApprovedProfile businessId={businessId} draft={null} />;
  }
  if (!draft.data.editable) {
    return (
      <Result
        status="info"
        title={<h1 className="mbo-result-title">{t('kyc.lockedTitle')}</h1>}
        subTitle={t('kyc.lockedText')}
        extra={
          <Button type="primary" onClick={() => void navigate(ACTIVATE_PATH)} data-testid="kyc-to-activate">
            {t('kyc.toActivate')}
          </Button>
        }
      />
    );
  }
  const rejectReason = status.data?.reviewState === KycReviewState.rejected ? status.data.rejectReason : '';
  return <WizardBody key={businessId} businessId={businessId} draft={draft.data} rejectReason={rejectReason} />;
}

/**
 * An approved business: what was submitted, read-only, and where to send more documents (the review
 * is over; the profile changes only through the acquirer). `draft` null: approved before the online form.
 */
function ApprovedProfile({ businessId, draft }: { businessId: number; draft: TKycDraft | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const files = new Map((draft?.files ?? []).map((f) => [f.fileId, f]));
  return (
    <div className="kyc-approved" data-testid="kyc-approved">
      <Result
        status="success"
        title={<h1 className="mbo-result-title">{t('kyc.approvedTitle')}</h1>}
        subTitle={t(draft ? 'kyc.approvedText' : 'kyc.approvedNoProfile')}
        extra={[
          <Button
            key="additional"
            type="primary"
            onClick={() => void navigate(`/setting/uploadAdditional/${businessId}`)}
            data-testid="kyc-additional-link"
          >
            {t('kyc.approvedAdditional')}
          </Button>,
          <Button key="home" onClick={() => void navigate('/')}>
            {t('prepared.backHome')}
          </Button>,
        ]}
      />
      {draft && <ProfileSummary data={draft.data} files={files} />}
    </div>
  );
}

function WizardBody({ businessId, draft, rejectReason }: { businessId: number; draft: TKycDraft; rejectReason: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [modal, modalHolder] = Modal.useModal();
  const [today] = useState(businessToday);
  const [adopted] = useState(() => adoptUnsavedDocuments(draft));
  const [data, setData] = useState<TKycDraftData>(() => (adopted ? { ...draft.data, business: adopted } : draft.data));
  const [files, setFiles] = useState<ReadonlyMap<number, TKycFile>>(() => new Map(draft.files.map((f) => [f.fileId, f])));
  const [current, setCurrent] = useState(() => (draft.updatedAt === null && !adopted ? 0 : resumeStepIndex(data, today)));
  const [dirty, setDirty] = useState(false);
  // Reload, closing the tab and the app's own guarded links ask first while a step has unsaved input.
  useUnsavedChanges(dirty);

  const addFiles = useCallback((list: readonly TKycFile[]) => {
    setFiles((previous) => {
      const next = new Map(previous);
      for (const file of list) next.set(file.fileId, file);
      return next;
    });
  }, []);

  const onSaved = useCallback(
    (saved: TKycDraft) => {
      setData(saved.data);
      addFiles(saved.files);
      setDirty(false);
    },
    [addFiles],
  );

  // Documents uploaded in an earlier visit left before "next" are put back into the saved draft
  // once, so the form, the server's draft and its file count agree.
  const { mutate: saveAdopted } = useSaveKycDraft();
  const adoptionSent = useRef(false);
  useEffect(() => {
    if (!adopted || adoptionSent.current) return;
    adoptionSent.current = true;
    saveAdopted(
      { businessId, step: 'business', data: adopted },
      {
        onSuccess: (saved) => {
          // Only a bank step can wait for approval.
          if (isApprovalWaiting(saved)) return;
          setData((previous) => ({ ...previous, business: saved.data.business }));
          addFiles(saved.files);
        },
      },
    );
  }, [adopted, businessId, saveAdopted, addFiles]);

  const goTo = useCallback((index: number) => {
    setCurrent(index);
    window.scrollTo({ top: 0 });
  }, []);

  /** The wizard's own ways out ask stay or leave first (platform/unsaved-changes). */
  const leave = (action: () => void) => {
    void confirmLeave().then((ok) => {
      if (!ok) return;
      setDirty(false);
      action();
    });
  };

  return (
    <div className="kyc-wizard">
      <div className="kyc-wizard__head">
        <div>
          <h1 className="mbo-page-title kyc-wizard__title" data-testid="page-title">
            {t('route.kyc')}
          </h1>
          <p className="kyc-muted">{t('kyc.intro')}</p>
        </div>
        <div className="kyc-wizard__tools">
          <Button icon={<ArrowLeftOutlined />} onClick={() => leave(() => void navigate(ACTIVATE_PATH))} data-testid="kyc-exit">
            {t('kyc.exit')}
          </Button>
          <Button icon={<LogoutOutlined />} onClick={() => leave(() => void signOut())} data-testid="kyc-sign-out">
            {t('kyc.signOut')}
          </Button>
        </div>
      </div>
      {rejectReason && (
        <Alert
          type="error"
          showIcon
          className="kyc-alert"
          title={t('kyc.rejected')}
          description={rejectReason}
          data-testid="kyc-reject-reason"
        />
      )}
      <StepPanel
        key={current}
        index={current}
        businessId={businessId}
        data={data}
        files={files}
        today={today}
        dirty={dirty}
        setDirty={setDirty}
        onSaved={onSaved}
        addFiles={addFiles}
        goTo={goTo}
        modal={modal}
      />
      {modalHolder}
    </div>
  );
}
