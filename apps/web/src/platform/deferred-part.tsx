import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { useIdleAfter } from './use-idle-after';

/**
 * A part of a screen that is closed when the screen opens (a row's detail drawer), its code a lazy
 * chunk (platform/lazy-page.ts): nothing of it is drawn, fetched or evaluated before the screen's
 * first content, which showed its rows later when the drawer's code (the timeline, descriptions,
 * steps and alerts of antd) came with the screen's. The chunk is fetched at the browser's first idle
 * moment after the screen mounts (on a cold load, after its rows are drawn: the screen's first render
 * waits for them), so a first click finds it here; a screen opened with the
 * part open (a detail in the URL) fetches it at once. Once opened the part stays mounted, so it
 * closes as it always did (its own animation, then hidden).
 */
export function DeferredPart({ open, preload, children }: { open: boolean; preload: () => Promise<unknown>; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  const idle = useIdleAfter(!opened, 2000);
  useEffect(() => {
    // A chunk that fails here is fetched again when the part opens, which shows the error.
    if (idle) preload().catch(() => undefined);
  }, [idle, preload]);
  if (!opened) return null;
  return <Suspense fallback={null}>{children}</Suspense>;
}
