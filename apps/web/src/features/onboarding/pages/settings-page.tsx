import { BeingPrepared } from '../../../platform/being-prepared';

export function SettingsPage() {
  return <BeingPrepared titleKey="route.setting" />;
}
