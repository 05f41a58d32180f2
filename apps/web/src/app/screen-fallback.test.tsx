import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { RouteMatch } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../platform/i18n';
import { RouteMatchesContext } from './route-handle';
import { ScreenFallback } from './screen-fallback';

const matches = (titleKey?: string) =>
  [{ route: { id: 'screen', handle: titleKey ? { titleKey } : undefined } }] as unknown as RouteMatch[];

function renderFallback(titleKey: string | undefined, visible: boolean) {
  return render(
    <I18nextProvider i18n={i18n}>
      <RouteMatchesContext.Provider value={matches(titleKey)}>
        <ScreenFallback visible={visible} />
      </RouteMatchesContext.Provider>
    </I18nextProvider>,
  );
}

describe('the screen shown while a screen loads', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('zhCn'));
  });

  it('has the screen title as its one heading, and the progress bar, from its first frame', async () => {
    await act(() => i18n.changeLanguage('en'));
    renderFallback('menu.tradeRecord', true);
    const headings = screen.getAllByRole('heading', { level: 1 });
    expect(headings).toHaveLength(1);
    expect(headings[0]?.textContent).toBe('Live transactions');
    expect(headings[0]?.className).toContain('mbo-page-title');
    expect(document.getElementById('nprogress')).not.toBeNull();
  });

  it('outside the layout, keeps the heading for assistive technology only, and names the product when the route has no title', async () => {
    await act(() => i18n.changeLanguage('en'));
    renderFallback(undefined, false);
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading.className).toBe('mbo-visually-hidden');
    expect(heading.textContent).not.toBe('');
  });
});
