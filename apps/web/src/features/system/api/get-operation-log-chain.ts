import { queryOptions, useQuery } from '@tanstack/react-query';
import { OperationLogPath, type TOperationLogChain } from '@mbo/shared/operation-log';
import { http } from '../../../platform/request';

export function getOperationLogChain(): Promise<TOperationLogChain> {
  return http.get<TOperationLogChain>(OperationLogPath.chain);
}

export function getOperationLogChainQueryOptions() {
  return queryOptions({ queryKey: ['operationLogs', 'chain'], queryFn: getOperationLogChain });
}

/** The merchant's operation-log chain, verified by the server when the screen opens (and on Check again). */
export function useOperationLogChain() {
  return useQuery(getOperationLogChainQueryOptions());
}
