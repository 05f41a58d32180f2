import { useState } from 'react';
import { Alert, AutoComplete, Form, Input, Typography, message } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  CARRIERS,
  PROOF_EXTENSIONS,
  PROOF_MAX_BYTES,
  PROOF_MAX_FILES,
  checkTrackingNumber,
  parseCarrierSites,
  type TDeliveryProofType,
  type TWaybill,
} from '@mbo/shared/waybills';
import { ChooseFiles, useChosenFiles } from '../../../platform/chosen-files';
import { messageOf } from '../../../platform/request';
import { SubmitDialog } from '../../../platform/submit-dialog';
import { useUploadWaybill } from '../api/waybills';

const ACCEPT = PROOF_EXTENSIONS.map((e) => `.${e}`).join(',');

/**
 * Proof for one transaction: a tracking number with its carrier, images, or both, as the merchant's
 * delivery-proof type asks. The same rules as the server, which also reads each image's content.
 */
export function WaybillUploadDialog({
  waybill,
  proofType,
  onClose,
}: {
  waybill: TWaybill | null;
  proofType: TDeliveryProofType | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [trackingNo, setTrackingNo] = useState('');
  const [carrier, setCarrier] = useState('');
  const [sites, setSites] = useState('');
  const chosen = useChosenFiles();
  const files = chosen.files;
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useUploadWaybill();
  const existing = waybill?.images.length ?? 0;

  const close = () => {
    setTrackingNo('');
    setCarrier('');
    setSites('');
    chosen.set([]);
    setProblem(null);
    onClose();
  };

  const add = (file: File) => {
    const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
    if (!(PROOF_EXTENSIONS as readonly string[]).includes(ext)) setProblem(t('waybills.imageType', { name: file.name }));
    else if (file.size > PROOF_MAX_BYTES) setProblem(t('waybills.imageTooLarge', { name: file.name, mb: PROOF_MAX_BYTES / 1024 / 1024 }));
    else if (existing + chosen.latest().length + 1 > PROOF_MAX_FILES) setProblem(t('waybills.imageTooMany', { count: PROOF_MAX_FILES }));
    else {
      setProblem(null);
      chosen.set([...chosen.latest(), file]);
    }
  };

  const submit = async () => {
    if (!waybill || upload.isPending) return;
    const no = trackingNo.trim();
    if (no) {
      if (!carrier.trim()) return setProblem(t('waybills.carrierRequired'));
      const bad = checkTrackingNumber(no, carrier);
      if (bad) return setProblem(t(`waybills.tracking.${bad}`, { carrier }));
      if (parseCarrierSites(sites) === null) return setProblem(t('waybills.badSites'));
    }
    const images = existing + files.length;
    if (proofType === 'tracking' && !no && !waybill.trackingNo) return setProblem(t('waybills.needTracking'));
    if (proofType === 'image' && images === 0) return setProblem(t('waybills.needImages'));
    if (!no && files.length === 0) return setProblem(t('waybills.needSomething'));
    try {
      const done = await upload.mutateAsync({
        tradeNo: waybill.tradeNo,
        trackingNo: no,
        carrier: carrier.trim(),
        carrierSites: sites.trim(),
        files,
      });
      void message.success(
        done.reusedOn.length > 0 ? t('waybills.uploadedReused', { trades: done.reusedOn.join(', ') }) : t('waybills.uploaded'),
      );
      close();
    } catch (error) {
      setProblem(messageOf(error));
    }
  };

  return (
    <SubmitDialog
      open={waybill !== null}
      title={t('waybills.uploadTitle', { tradeNo: waybill?.tradeNo ?? '' })}
      onClose={close}
      submit={{ text: t('waybills.submit'), testId: 'waybill-upload-submit', pending: upload.isPending, onClick: () => void submit() }}
    >
      {waybill && (
        <Typography.Paragraph type="secondary" data-testid="waybill-upload-deadline">
          {t('waybills.deadlineLine', { date: waybill.lastUploadDate, settlement: waybill.settlementDate })}{' '}
          {proofType && t(`waybills.proofTypeRule.${proofType}`)}
        </Typography.Paragraph>
      )}
      <Form layout="vertical">
        <Form.Item label={t('waybills.trackingNo')}>
          <Input
            data-testid="waybill-upload-tracking"
            maxLength={40}
            value={trackingNo}
            placeholder={waybill?.trackingNo || undefined}
            onChange={(e) => setTrackingNo(e.target.value)}
          />
        </Form.Item>
        <Form.Item label={t('waybills.carrier')}>
          <AutoComplete
            data-testid="waybill-upload-carrier"
            value={carrier}
            onChange={(v: string) => setCarrier(v)}
            options={CARRIERS.map((c) => ({ value: c.name }))}
            filterOption={(input, option) => (option?.value ?? '').toLowerCase().includes(input.toLowerCase())}
            maxLength={64}
          />
        </Form.Item>
        <Form.Item label={t('waybills.carrierSites')} extra={t('waybills.carrierSitesHelp')}>
          <Input maxLength={1600} value={sites} placeholder="https://" onChange={(e) => setSites(e.target.value)} />
        </Form.Item>
        <Form.Item
          label={t('waybills.images')}
          extra={t('waybills.imagesRule', { count: PROOF_MAX_FILES, mb: PROOF_MAX_BYTES / 1024 / 1024, existing })}
        >
          <ChooseFiles chosen={chosen} accept={ACCEPT} onChoose={add} testId="waybill-upload-choose">
            {t('waybills.chooseImages')}
          </ChooseFiles>
        </Form.Item>
        {problem && <Alert type="error" data-testid="waybill-upload-problem" title={problem} />}
      </Form>
    </SubmitDialog>
  );
}
