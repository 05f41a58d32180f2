import { PlainFrame } from '../../../platform/plain-frame';
import { useSession } from '../../../platform/session';
import { KycWizard } from '../components/kyc-wizard';

/** /kyc: the business verification wizard for the current business. */
export function KycPage() {
  const businessId = useSession().kycInfo?.currBusinessId ?? null;
  return (
    <PlainFrame>
      <KycWizard businessId={businessId} />
    </PlainFrame>
  );
}
