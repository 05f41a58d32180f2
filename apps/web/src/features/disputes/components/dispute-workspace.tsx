import { Skeleton, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { DetailDrawer } from '../../../platform/detail-drawer';
import { useWorkspace } from '../api/get-workspace';
import { DraftForm } from './workspace-draft';
import { Ce3Panel, FactsPanel, ReasonGuide } from './workspace-facts';

/** One case's evidence workspace: the reason explained, CE 3.0 for Visa 10.4, the facts, the draft. */
export function DisputeWorkspace({ caseNo, onClose }: { caseNo: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const ws = useWorkspace(caseNo);
  const d = ws.data;
  return (
    <DetailDrawer
      open={caseNo !== null}
      onClose={onClose}
      title={t('disputeWorkspace.title', { caseNo: caseNo ?? '' })}
      width={860}
      data-testid="dispute-workspace"
    >
      {!d ? (
        <Skeleton active />
      ) : (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <ReasonGuide ws={d} />
          {d.ce3 && <Ce3Panel ce3={d.ce3} />}
          {/* Keyed by the saved version, so a save or a submission starts the form from what is stored. */}
          <DraftForm key={`${d.draft?.version ?? 0}-${d.draft?.submittedAt ?? ''}`} ws={d} />
          <FactsPanel ws={d} />
        </Space>
      )}
    </DetailDrawer>
  );
}
