import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { i18n } from '../platform/i18n';
import { createQueryClient } from '../platform/query-client';

/**
 * Renders screens on a memory router with the app's i18n and a fresh query client built like the app's.
 * `location()` reads the current path and query, for asserting where a screen navigated.
 */
export function renderRoutes(initialPath: string, routes: Record<string, ReactNode>) {
  const client = createQueryClient();
  let current = '';
  function LocationProbe() {
    const location = useLocation();
    current = `${location.pathname}${location.search}`;
    return null;
  }
  const result = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[initialPath]}>
          <LocationProbe />
          <Routes>
            {Object.entries(routes).map(([path, element]) => (
              <Route key={path} path={path} element={element} />
            ))}
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { ...result, client, location: () => current };
}

/** The JSON body of the recorded fetch call to a path. */
export function bodyOf(fetch: { mock: { calls: unknown[][] } }, pathname: string): unknown {
  const call = fetch.mock.calls.find(([url]) => new URL(String(url), 'http://localhost').pathname === pathname);
  const init = call?.[1] as RequestInit | undefined;
  return init?.body ? JSON.parse(String(init.body)) : undefined;
}
