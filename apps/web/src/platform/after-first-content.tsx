import { startTransition, useEffect, useState, type ReactNode } from 'react';

/** Whether the app has committed its first screen (then every later mount draws at once). */
let firstContentCommitted = false;

/**
 * Navigation drawn just after the first screen of a cold load (the sidebar's menu). On a cold load the
 * first commit holds the layout and the screen's content (main.tsx waits for the route's code and
 * first data), and the sidebar was about a third of its components (364 of 1,099 on the formal list,
 * its module open). Here the first commit leaves the menu out and the menu follows in a transition of
 * its own: on two cores the list's first row showed 41-96 ms sooner (medians of 20 and 24 paired cold
 * loads, bench/RESULTS.md) and the menu 100-150 ms after the row. The sidebar keeps its width and
 * background meanwhile, so nothing moves when the menu comes. Any mount after the first commit (the
 * phone's drawer, a remount) draws at once.
 */
export function AfterFirstContent({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(firstContentCommitted);
  useEffect(() => {
    firstContentCommitted = true;
    if (!shown) startTransition(() => setShown(true));
  }, [shown]);
  return shown ? children : null;
}
