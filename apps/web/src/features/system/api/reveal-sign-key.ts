import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MerchantPath, type TSignKey } from '@mbo/shared/system-merchant';
import { http } from '../../../platform/request';
import { merchantDetailsKey } from './get-merchant-details';

/** The answer is shown once and never cached; the masked key on the page is fetched again (it may have just been issued). */
export function revealSignKey(password: string): Promise<TSignKey> {
  return http.post<TSignKey>(MerchantPath.revealSignKey, { password }, { noToast: true, repeatSubmit: false });
}

export function useRevealSignKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: revealSignKey,
    onSuccess: () => client.invalidateQueries({ queryKey: merchantDetailsKey }),
  });
}
