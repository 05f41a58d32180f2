import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TChangePhoneBody } from '@mbo/shared/onboarding';
import { OnboardingPath } from '@mbo/shared/onboarding-paths';
import { http } from '../../../platform/request';
import { getAccountInfoQueryOptions } from './get-account-info';

export function changePhone(body: TChangePhoneBody): Promise<null> {
  return http.post<null>(OnboardingPath.changePhone, body);
}

export function useChangePhone() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: changePhone,
    onSuccess: () => client.invalidateQueries({ queryKey: getAccountInfoQueryOptions().queryKey }),
  });
}
