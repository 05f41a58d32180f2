import { OnboardingPath } from '@mbo/shared/onboarding-paths';
import type { TInvitation, TInviteBody } from '@mbo/shared/onboarding';
import { AdminPath, type TAdminChanged, type TUpdateAdminBody } from '@mbo/shared/system-admins';
import { useRefetchingMutation } from '../../../platform/refetching-mutation';
import { http } from '../../../platform/request';
import { adminsKey } from './get-admins';

/*
 * Every change to an administrator: invite, resend, edit, disable, resume, reset password. Each
 * refreshes the administrator list.
 */

export function inviteAdmin(body: TInviteBody): Promise<TInvitation> {
  return http.post<TInvitation>(OnboardingPath.invite, body);
}

export function resendInvitation(adminId: number): Promise<TInvitation> {
  return http.post<TInvitation>(OnboardingPath.resendInvitation, { adminId });
}

export function updateAdmin(body: TUpdateAdminBody): Promise<TAdminChanged> {
  return http.post<TAdminChanged>(AdminPath.update, body);
}

export type TAdminAction = 'disable' | 'resume' | 'resetPassword';

export function runAdminAction(action: TAdminAction, adminId: number): Promise<unknown> {
  return http.post<unknown>(AdminPath[action], { adminId });
}

function useAdminMutation<A, R>(fn: (arg: A) => Promise<R>) {
  return useRefetchingMutation(fn, adminsKey);
}

export const useInviteAdmin = () => useAdminMutation(inviteAdmin);
export const useResendInvitation = () => useAdminMutation(resendInvitation);
export const useUpdateAdmin = () => useAdminMutation(updateAdmin);
export const useAdminAction = () =>
  useAdminMutation(({ action, adminId }: { action: TAdminAction; adminId: number }) => runAdminAction(action, adminId));
