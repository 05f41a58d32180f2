import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * True once the element the returned ref is put on has come within `marginPx` of the viewport (and
 * from then on): for a part below the fold whose code is large (a chart's), which a phone's first
 * screen does not show, so its code is fetched and run when the user scrolls towards it rather than
 * beside the figures the screen opens with. Without IntersectionObserver (tests' DOM) it is true at once.
 */
export function useNearView<E extends Element>(marginPx = 200): { ref: RefObject<E | null>; near: boolean } {
  const ref = useRef<E>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: `${marginPx}px` },
    );
    observer.observe(el);
    return () => observer.disconnect();
  });
  return { ref, near };
}
