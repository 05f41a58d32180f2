import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { checkForNewVersion, readVersion, resetVersionPrompt } from './version-check';
import { mockFetch } from '../test/utils';

function versionResponse(version: unknown) {
  return new Response(JSON.stringify({ version }), { headers: { 'Content-Type': 'application/json' } });
}

afterEach(() => {
  resetVersionPrompt();
  vi.unstubAllGlobals();
});

describe('new version check', () => {
  it('reads a numeric version', () => {
    expect(readVersion({ version: 12 })).toBe(12);
    expect(readVersion({ version: '13' })).toBe(13);
    expect(readVersion({})).toBeNull();
    expect(readVersion(null)).toBeNull();
  });

  it('fetches /version.json without cache and offers a refresh once when the deployed version is newer', async () => {
    const fetch = mockFetch(() => versionResponse(2000));
    await checkForNewVersion(1000);
    expect(fetch).toHaveBeenCalledWith('/version.json', { cache: 'no-store' });
    await waitFor(() => expect(document.querySelectorAll('.version-dialog')).toHaveLength(1));
    expect(document.body.textContent).toContain('Refresh');
    await checkForNewVersion(1000);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('stays quiet when the build is current, or the file is missing', async () => {
    mockFetch(() => versionResponse(1000));
    await checkForNewVersion(1000);
    mockFetch(() => new Response('<html>', { status: 200 }));
    await checkForNewVersion(1000);
    mockFetch(() => new Response('', { status: 404 }));
    await checkForNewVersion(1000);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.querySelector('.version-dialog')).toBeNull();
  });
});
