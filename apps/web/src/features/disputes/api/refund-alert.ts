import { DisputePath } from '@mbo/shared/disputes';
import type { TRefundApplied } from '@mbo/shared/refunds';
import { http } from '../../../platform/request';
import { useCaseChange } from './get-disputes';

export function refundAlert(caseNo: string): Promise<TRefundApplied> {
  return http.post<TRefundApplied>(DisputePath.alertRefund, { caseNo }, { idempotent: true });
}

export function useRefundAlert() {
  return useCaseChange(refundAlert, (caseNo) => caseNo);
}
