import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * A mutation that, once it succeeds, has every query under `keys` fetched again (the lists and figures
 * it changed); its promise resolves after that, so what follows it sees them fresh.
 */
export function useRefetchingMutation<V = void, R = unknown>(mutationFn: (input: V) => Promise<R>, ...keys: readonly QueryKey[]) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey }))) });
}
