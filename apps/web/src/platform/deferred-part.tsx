import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { afterFirstInput } from './first-input';
import { useIdleAfter } from './use-idle-after';

/**
 * A part of a screen that is closed when the screen opens (a row's detail drawer), its code a lazy
 * chunk (platform/lazy-page.ts): nothing of it is drawn, fetched or evaluated before the screen's
 * first content, which showed its rows later when the drawer's code (the timeline, descriptions,
 * steps and alerts of antd) came with the screen's. The chunk is fetched at the browser's first idle
 * moment after the person's first input on the page (platform/first-input.ts): on a phone the parts'
 * chunks (the search dialog's alone brings every list's definitions), fetched and evaluated while the
 * first screen settled, were long tasks in the seconds a person starts reading (a cold load of the
 * transaction list made 66 requests before, 43 after, 70 KB less; bench/RESULTS.md "Phones"). A
 * first tap still finds the code here or on its way; a screen opened with the part open (a detail in
 * the URL) fetches it at once. Once opened the part stays mounted, so it closes as it always did (its
 * own animation, then hidden).
 */
export function DeferredPart({ open, preload, children }: { open: boolean; preload: () => Promise<unknown>; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    let live = true;
    void afterFirstInput().then(() => live && setTouched(true));
    return () => {
      live = false;
    };
  }, []);
  const idle = useIdleAfter(!opened && touched, 2000);
  useEffect(() => {
    // A chunk that fails here is fetched again when the part opens, which shows the error.
    if (idle) preload().catch(() => undefined);
  }, [idle, preload]);
  if (!opened) return null;
  return <Suspense fallback={null}>{children}</Suspense>;
}
