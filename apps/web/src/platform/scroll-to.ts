function easeInOutQuad(t: number, start: number, change: number, duration: number): number {
  let x = t / (duration / 2);
  if (x < 1) return (change / 2) * x * x + start;
  x -= 1;
  return (-change / 2) * (x * (x - 2) - 1) + start;
}

/** Smoothly scrolls the page to `to` over `duration` ms (the paging control's auto-scroll). */
export function scrollTo(to: number, duration: number): void {
  const start = document.documentElement.scrollTop || document.body.scrollTop || 0;
  const change = to - start;
  if (change === 0) return;
  if (typeof window.requestAnimationFrame !== 'function' || duration <= 0) {
    window.scrollTo(0, to);
    return;
  }
  const began = performance.now();
  const step = (now: number) => {
    const elapsed = Math.min(now - began, duration);
    const position = easeInOutQuad(elapsed, start, change, duration);
    document.documentElement.scrollTop = position;
    document.body.scrollTop = position;
    if (elapsed < duration) window.requestAnimationFrame(step);
  };
  window.requestAnimationFrame(step);
}
