import { useQuery } from '@tanstack/react-query';
import { FundsPath, type TPending } from '@mbo/shared/funds';
import { http } from '../../../platform/request';
import { fundsKey } from './get-funds-summary';

export function getPending(gatewayNo: string): Promise<TPending> {
  return http.get<TPending>(FundsPath.pending, gatewayNo ? { gatewayNo } : {});
}

export function usePending(gatewayNo: string) {
  return useQuery({ queryKey: [...fundsKey, 'pending', gatewayNo], queryFn: () => getPending(gatewayNo) });
}
