import { vi } from 'vitest';

/** A JSON envelope response as the server sends it. */
export function envelope(data: unknown, code = 0, msg = 'ok', status = 200): Response {
  return new Response(JSON.stringify({ code, msg, data }), { status, headers: { 'Content-Type': 'application/json' } });
}

export function clearCookies(): void {
  for (const part of document.cookie.split('; ')) {
    const name = part.split('=')[0];
    if (name) document.cookie = `${name}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  }
}

type TRoute = (url: URL, init: RequestInit | undefined) => Response | undefined | Promise<Response | undefined>;

/** Replaces fetch with a router over request URLs; unmatched calls fail the test loudly. */
export function mockFetch(route: TRoute) {
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const response = await route(url, init);
    if (!response) throw new Error(`unexpected fetch ${init?.method ?? 'GET'} ${url.pathname}${url.search}`);
    return response;
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

export function headerOf(init: RequestInit | undefined, name: string): string | null {
  return new Headers(init?.headers).get(name);
}
