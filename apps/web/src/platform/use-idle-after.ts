import { useEffect, useState } from 'react';

/**
 * True once the browser has had an idle moment after `enabled` became true (at the latest after
 * `timeoutMs`): for work a screen wants soon but not before its first content is drawn (the
 * dashboard's chart code, a list's detail drawer).
 */
export function useIdleAfter(enabled: boolean, timeoutMs: number): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (!enabled || idle) return undefined;
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = window.setTimeout(() => setIdle(true), 0);
      return () => window.clearTimeout(timer);
    }
    const handle = window.requestIdleCallback(() => setIdle(true), { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }, [enabled, idle, timeoutMs]);
  return idle;
}
