import { useCallback, useRef, useState } from 'react';

/**
 * A minimal mutation hook for the sign-in page, which runs before the data layer (react-query) is
 * loaded: the query client lives in a lazily loaded chunk to keep the first download small.
 */
export function useAction<TInput, TResult>(action: (input: TInput) => Promise<TResult>) {
  const [isPending, setPending] = useState(false);
  const running = useRef(false);
  const run = useCallback(
    async (input: TInput): Promise<TResult | undefined> => {
      if (running.current) return undefined;
      running.current = true;
      setPending(true);
      try {
        return await action(input);
      } catch {
        // The request client has already shown what went wrong.
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
