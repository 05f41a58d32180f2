import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RefundPath, type TRefundOutcome, type TRefundApply } from '@mbo/shared/refunds';
import { http } from '../../../platform/request';
import { refundsKey } from './get-refunds';

export function applyRefund(body: TRefundApply): Promise<TRefundOutcome> {
  return http.post<TRefundOutcome>(RefundPath.apply, body, { idempotent: true });
}

/** On success the refund list and the transaction's refundable amount are fetched again. */
export function useApplyRefund() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: applyRefund,
    onSuccess: async (_data, body) => {
      await Promise.all([
        client.invalidateQueries({ queryKey: refundsKey }),
        client.invalidateQueries({ queryKey: ['refundable', body.tradeNo] }),
      ]);
    },
  });
}
