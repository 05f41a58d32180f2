import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { useNearView } from './use-near-view';

function Part() {
  const { ref, near } = useNearView<HTMLDivElement>();
  return <div ref={ref}>{near ? 'chart' : 'placeholder'}</div>;
}

/** An IntersectionObserver the test moves: `enter()` reports the observed element on the screen. */
function stubObserver() {
  const observers: { callback: IntersectionObserverCallback; observed: Element[] }[] = [];
  class Observer {
    observed: Element[] = [];
    constructor(readonly callback: IntersectionObserverCallback) {
      observers.push(this);
    }
    observe(el: Element) {
      this.observed.push(el);
    }
    disconnect() {
      this.observed = [];
    }
  }
  vi.stubGlobal('IntersectionObserver', Observer);
  return {
    enter: () => {
      for (const o of observers)
        for (const target of o.observed)
          o.callback([{ isIntersecting: true, target } as IntersectionObserverEntry], o as unknown as IntersectionObserver);
    },
  };
}

describe('a part below the fold (useNearView)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('stays a placeholder until it comes near the screen, then stays shown', () => {
    const view = stubObserver();
    render(<Part />);
    expect(screen.getByText('placeholder')).toBeTruthy();
    act(() => view.enter());
    expect(screen.getByText('chart')).toBeTruthy();
  });

  it('is shown at once where the browser cannot tell what is on screen', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<Part />);
    expect(screen.getByText('chart')).toBeTruthy();
  });
});
