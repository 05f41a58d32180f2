import type { TChangePhoneBody } from '@mbo/shared/onboarding';
import { OnboardingPath } from '@mbo/shared/onboarding-paths';
import { http } from '../../../platform/request';
import { useAccountChange } from './get-account-info';

export function changePhone(body: TChangePhoneBody): Promise<null> {
  return http.post<null>(OnboardingPath.changePhone, body);
}

export function useChangePhone() {
  return useAccountChange(changePhone);
}
