import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DisputePath } from '@mbo/shared/disputes';
import type { TRefundApplied } from '@mbo/shared/refunds';
import { http } from '../../../platform/request';
import { disputesKey } from './get-disputes';

export function refundAlert(caseNo: string): Promise<TRefundApplied> {
  return http.post<TRefundApplied>(DisputePath.alertRefund, { caseNo }, { idempotent: true });
}

export function useRefundAlert() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: refundAlert,
    onSuccess: async (_d, caseNo) => {
      await Promise.all([client.invalidateQueries({ queryKey: disputesKey }), client.invalidateQueries({ queryKey: ['dispute', caseNo] })]);
    },
  });
}
