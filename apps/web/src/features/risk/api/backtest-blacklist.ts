import { useMutation } from '@tanstack/react-query';
import { RiskBacktestPath, type TBlacklistBacktestBody, type TRuleBacktest } from '@mbo/shared/risk-backtest';
import { http } from '../../../platform/request';

/** What an entry would have declined over the last 90 days; writes nothing (a POST so that the value stays out of URLs). */
export function backtestBlacklistEntry(body: TBlacklistBacktestBody): Promise<TRuleBacktest> {
  return http.post<TRuleBacktest>(RiskBacktestPath.blacklist, body);
}

export function useBlacklistBacktest() {
  return useMutation({ mutationFn: backtestBlacklistEntry });
}
