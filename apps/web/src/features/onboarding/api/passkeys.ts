import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PasskeyPath, type TPasskey, type TSecuritySettings, type TWebAuthnOptions } from '@mbo/shared/passkeys';
import { createPasskey } from '../../../platform/passkey-ceremony';
import { http } from '../../../platform/request';

/** The signed-in administrator's own passkeys (name, created, last used). */
export function passkeysQueryOptions() {
  return queryOptions({ queryKey: ['auth', 'passkeys'], queryFn: () => http.get<TPasskey[]>(PasskeyPath.list) });
}

export function securitySettingsQueryOptions() {
  return queryOptions({ queryKey: ['auth', 'securitySettings'], queryFn: () => http.get<TSecuritySettings>(PasskeyPath.securitySettings) });
}

export function usePasskeys() {
  return useQuery(passkeysQueryOptions());
}

export function useSecuritySettings() {
  return useQuery(securitySettingsQueryOptions());
}

/** Options from the server, the browser's passkey dialog, then the new credential back to the server. */
async function addPasskey(name: string): Promise<TPasskey> {
  const options = await http.post<TWebAuthnOptions>(PasskeyPath.registerOptions, undefined, { repeatSubmit: false });
  const response = await createPasskey(options);
  return http.post<TPasskey>(PasskeyPath.register, { name, response }, { repeatSubmit: false });
}

function useInvalidating<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => client.invalidateQueries({ queryKey: ['auth'] }),
  });
}

export function useAddPasskey() {
  return useInvalidating(addPasskey);
}

export function useRemovePasskey() {
  return useInvalidating((id: number) => http.post<null>(PasskeyPath.remove, { id }));
}

export function useSaveRefundThreshold() {
  return useInvalidating((refundCheckThreshold: number) => http.post<null>(PasskeyPath.saveSecuritySettings, { refundCheckThreshold }));
}
