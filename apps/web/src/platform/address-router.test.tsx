import type { ComponentType, ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { BrowserRouter } from 'react-router';
import { z } from 'zod';
import { AddressRouter } from './address-router';
import { useListUrlState } from './list-url-state';

const schema = z.object({ from: z.string(), to: z.string(), gatewayNo: z.string().regex(/^\d+$/) });
const defaults = { from: '2026-03-20', to: '2026-03-20', gatewayNo: '' };

/** A list's address state with two buttons: a search for one gateway, then a saved view named in the address. */
function Screen() {
  const url = useListUrlState(schema, defaults);
  return (
    <>
      <button onClick={() => url.search({ ...url.filters, gatewayNo: '10010001' })}>search</button>
      <button onClick={() => url.setExtra('savedView', '7')}>save</button>
      <output data-testid="gateway">{url.filters.gatewayNo}</output>
    </>
  );
}

/**
 * A list opened under `Router` at the last three weeks, then two clicks as a person makes them, each its
 * own event, with nothing but the browser's own work between them (no act(), which would draw
 * everything React has put off). Returns the address after both.
 */
async function searchThenSave(Router: ComponentType<{ children: ReactNode }>): Promise<URLSearchParams> {
  window.history.replaceState(null, '', '/list?from=2026-03-01&to=2026-03-20');
  render(
    <Router>
      <Screen />
    </Router>,
  );
  const click = (name: string) => screen.getByText(name).dispatchEvent(new MouseEvent('click', { bubbles: true }));
  click('search');
  await Promise.resolve();
  click('save');
  await waitFor(() => expect(new URLSearchParams(window.location.search).get('savedView')).toBe('7'));
  return new URLSearchParams(window.location.search);
}

describe('the address router', () => {
  it('draws a new address before the next click, so what that click writes keeps the filter just searched', async () => {
    const params = await searchThenSave(AddressRouter);
    expect(params.get('gatewayNo')).toBe('10010001');
    expect(params.get('from')).toBe('2026-03-01');
    expect(screen.getByTestId('gateway').textContent).toBe('10010001');
  });

  it('is needed: with React Router drawing addresses in a transition, the second click wrote the filters before the search back', async () => {
    const params = await searchThenSave(BrowserRouter);
    expect(params.get('gatewayNo')).toBeNull();
  });
});
