import { BeingPrepared } from '../../../platform/being-prepared';

export function UploadAdditionalPage() {
  return <BeingPrepared titleKey="route.uploadAdditional" />;
}
