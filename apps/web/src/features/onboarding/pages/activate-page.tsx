import { PlainFrame } from '../../../platform/plain-frame';
import { useSession } from '../../../platform/session';
import { ActivationStatus } from '../components/activation-status';

/** /activate: where the activation of the current business stands, and the way forward. */
export function ActivatePage() {
  const businessId = useSession().kycInfo?.currBusinessId ?? null;
  return (
    <PlainFrame>
      <ActivationStatus businessId={businessId} />
    </PlainFrame>
  );
}
