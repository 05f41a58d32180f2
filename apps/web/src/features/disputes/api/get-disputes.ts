import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DisputePath, type TDispute, type ZDisputeListQuery } from '@mbo/shared/disputes';
import type { TListPage } from '@mbo/shared/list';
import type { TListParamsOf } from '../../../platform/list-url-state';
import { http } from '../../../platform/request';

/** Key of every dispute list query: an appeal or an alert refund invalidates it. */
export const disputesKey = ['disputes'] as const;

/** A change to one case (appeal, submitted draft, alert refund): once it succeeds, the lists and that case are read again. */
export function useCaseChange<TInput, TResult>(send: (input: TInput) => Promise<TResult>, caseNoOf: (input: TInput) => string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async (_result, input) => {
      await Promise.all([
        client.invalidateQueries({ queryKey: disputesKey }),
        client.invalidateQueries({ queryKey: ['dispute', caseNoOf(input)] }),
      ]);
    },
  });
}

export function getDisputes(params: TListParamsOf<typeof ZDisputeListQuery>): Promise<TListPage<TDispute>> {
  return http.get<TListPage<TDispute>>(DisputePath.list, params);
}
