import { useCallback, useRef, useState } from 'react';

export type TActionOptions = {
  /**
   * Called with the rejection, for callers whose request is silent and who show the failure
   * themselves; without it the request client is expected to have shown it already.
   */
  onError?: (error: unknown) => void;
};

/**
 * A minimal mutation hook for the sign-in page, which runs before the data layer (react-query) is
 * loaded: the query client lives in a lazily loaded chunk to keep the first download small.
 */
export function useAction<TInput, TResult>(action: (input: TInput) => Promise<TResult>, options: TActionOptions = {}) {
  const [isPending, setPending] = useState(false);
  const running = useRef(false);
  const onError = useRef(options.onError);
  onError.current = options.onError;
  const run = useCallback(
    async (input: TInput): Promise<TResult | undefined> => {
      if (running.current) return undefined;
      running.current = true;
      setPending(true);
      try {
        return await action(input);
      } catch (error) {
        // Without onError, the request client has already shown what went wrong.
        onError.current?.(error);
        return undefined;
      } finally {
        running.current = false;
        setPending(false);
      }
    },
    [action],
  );
  return { run, isPending };
}
