import { act } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { AfterFirstContent } from './after-first-content';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function mount() {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  flushSync(() =>
    root.render(
      <main>
        <p>rows</p>
        <AfterFirstContent>
          <nav>menu</nav>
        </AfterFirstContent>
      </main>,
    ),
  );
  return { host, root };
}

describe('AfterFirstContent', () => {
  it('leaves its part out of the first commit, draws it just after, and at once on any later mount', async () => {
    const first = mount();
    // The first commit holds the screen's content only.
    expect(first.host.textContent).toBe('rows');
    await act(async () => {});
    expect(first.host.querySelector('nav')?.textContent).toBe('menu');

    // A later mount (the phone's drawer opened, a remount) has it in its first commit.
    const later = mount();
    expect(later.host.textContent).toBe('rowsmenu');
    act(() => {
      first.root.unmount();
      later.root.unmount();
    });
  });
});
