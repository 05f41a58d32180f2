import { useEffect, useRef, type ReactNode } from 'react';

/** antd's elements that scroll a table sideways (plain) or both ways (fixed header). */
const SCROLLERS = '.ant-table-content, .ant-table-body';

/**
 * Wraps a table whose columns may scroll sideways. antd scrolls an inner element it creates, which
 * a keyboard cannot reach when the rows hold no link or button (axe: scrollable-region-focusable):
 * that element is made a named, focusable region, so Tab reaches it and the arrow keys scroll it.
 *
 * `scrolls`: the region itself scrolls a table given no `scroll` of its own, its columns as wide as
 * their contents (what antd's `scroll={{ x: 'max-content' }}` draws). antd's own sideways scrolling
 * measures every column in a hidden row after the first render, which forces a layout of the whole
 * page before the first paint and renders the table a second time; a list's first rows came later.
 */
export function TableRegion({ label, children, scrolls = false }: { label: string; children: ReactNode; scrolls?: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = ref.current;
    if (!root || scrolls) return undefined;
    const mark = () => {
      for (const el of root.querySelectorAll<HTMLElement>(SCROLLERS)) {
        if (el.getAttribute('aria-label') === label) continue;
        el.tabIndex = 0;
        el.setAttribute('role', 'region');
        el.setAttribute('aria-label', label);
      }
    };
    mark();
    // antd replaces the scroller when the table switches between empty, loading and filled.
    const observer = new MutationObserver(mark);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [label, scrolls]);
  const region = scrolls ? { className: 'mbo-table-region mbo-table-scroll', tabIndex: 0, role: 'region', 'aria-label': label } : {};
  return (
    <div ref={ref} className="mbo-table-region" {...region}>
      {children}
    </div>
  );
}
