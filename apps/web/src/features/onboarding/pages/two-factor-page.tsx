import { PlainFrame } from '../../../platform/plain-frame';
import { BeingPrepared } from '../../../platform/being-prepared';
import { SignOutButton } from '../components/sign-out-button';

export function TwoFactorPage() {
  return (
    <PlainFrame>
      <BeingPrepared titleKey="route.twoFA" extra={<SignOutButton primary />} />
    </PlainFrame>
  );
}
