import { Suspense, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { lazyPage } from './lazy-page';

/** A page module whose import resolves when the test says so, and counts its page's mounts. */
function deferredModule() {
  const mounts = { count: 0 };
  function Page({ label }: { label: string }) {
    const [clicks, setClicks] = useState(0);
    useState(() => (mounts.count += 1));
    return (
      <button type="button" onClick={() => setClicks((n) => n + 1)}>
        {label} {clicks}
      </button>
    );
  }
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const page = lazyPage(async () => {
    await arrived;
    return { Page, prefetch: 'prefetch' };
  }, 'Page');
  return { page, mounts, arrive };
}

function Frame({ children }: { children: React.ReactNode }) {
  return <Suspense fallback={<p>loading</p>}>{children}</Suspense>;
}

describe('lazyPage', () => {
  it('renders a preloaded page on its first render, without the Suspense fallback', async () => {
    const { page: Page, arrive } = deferredModule();
    arrive();
    expect(await Page.preload()).toMatchObject({ prefetch: 'prefetch' });
    render(
      <Frame>
        <Page label="ready" />
      </Frame>,
    );
    // Synchronously there: React.lazy would show "loading" first, and reveal the page later.
    expect(document.body.textContent).toBe('ready 0');
  });

  it('shows the fallback for a page not loaded yet, then the page once its module arrives', async () => {
    const { page: Page, arrive } = deferredModule();
    render(
      <Frame>
        <Page label="late" />
      </Frame>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    await act(async () => {
      arrive();
      await Page.preload();
    });
    expect(await screen.findByText('late 0')).toBeTruthy();
  });

  it('keeps a page shown after its module arrived mounted, with its state, when its parent renders again', async () => {
    const { page: Page, mounts, arrive } = deferredModule();
    function Parent() {
      const [n, setN] = useState(0);
      return (
        <>
          <button type="button" onClick={() => setN(n + 1)}>
            parent {n}
          </button>
          <Frame>
            <Page label="kept" />
          </Frame>
        </>
      );
    }
    render(<Parent />);
    await act(async () => {
      arrive();
      await Page.preload();
    });
    fireEvent.click(await screen.findByText('kept 0'));
    expect(screen.getByText('kept 1')).toBeTruthy();
    fireEvent.click(screen.getByText('parent 0'));
    // Same page instance: its state survived the parent's render, and it mounted once.
    expect(screen.getByText('kept 1')).toBeTruthy();
    expect(mounts.count).toBe(1);
  });
});

describe('a lazy page’s first data module', () => {
  it('is its own module when the page has one, there before the page’s code arrives', async () => {
    let pageLoads = 0;
    const page = lazyPage(
      () => {
        pageLoads += 1;
        return new Promise<{ Page: () => null }>(() => undefined);
      },
      'Page',
      () => Promise.resolve({ prefetch: 'first data' }),
    );
    expect((await page.firstData?.())?.prefetch).toBe('first data');
    expect(pageLoads).toBe(0);
  });

  it('is none for a page without one', () => {
    expect(deferredModule().page.firstData).toBeUndefined();
  });
});
