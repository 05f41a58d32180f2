import { useQuery } from '@tanstack/react-query';
import type { TListPage } from '@mbo/shared/list';
import {
  LinkPath,
  linkPaymentsPath,
  type TLink,
  type TLinkCreate,
  type TLinkOptions,
  type TLinkPayment,
  type ZLinkListQuery,
} from '@mbo/shared/links';
import type { TListParamsOf } from '../../../platform/list-url-state';
import { useRefetchingMutation } from '../../../platform/refetching-mutation';
import { http } from '../../../platform/request';

/** Key of every link query: generating or disabling a link invalidates it. */
export const linksKey = ['links'] as const;

export function getLinks(params: TListParamsOf<typeof ZLinkListQuery>): Promise<TListPage<TLink>> {
  return http.get<TListPage<TLink>>(LinkPath.list, params);
}

export function useLinkOptions(enabled: boolean) {
  return useQuery({ queryKey: [...linksKey, 'options'], queryFn: () => http.get<TLinkOptions>(LinkPath.options), enabled });
}

export function useLinkPayments(linkKey: string | null) {
  return useQuery({
    queryKey: [...linksKey, 'payments', linkKey],
    queryFn: () => http.get<{ list: TLinkPayment[] }>(linkPaymentsPath(linkKey ?? '')),
    enabled: linkKey !== null,
  });
}

export const useCreateLink = () =>
  useRefetchingMutation(
    (body: TLinkCreate) => http.post<{ linkKey: string; url: string }>(LinkPath.create, body, { idempotent: true }),
    linksKey,
  );

export const useDisableLink = () => useRefetchingMutation((linkKey: string) => http.post<null>(LinkPath.disable, { linkKey }), linksKey);
