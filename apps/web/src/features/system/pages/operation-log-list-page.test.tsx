import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { signInToScreen, useSignedOutEnglishClient } from '../../../test/client-state';
import { renderRoutes } from '../../../test/render';
import { envelope, mockFetch } from '../../../test/utils';
import { OperationLogListPage } from './operation-log-list-page';

const PAGE_PATH = '/log/forwardOperateLogList';
const EMPTY = { list: [], total: 0, capped: false, page: 1, limit: 20, nextCursor: null };
const LINES = '{"id":2,"operation":"opAction.x"}\n{"id":1,"operation":"opAction.y"}\n';

function signInWith(permissions: string[]) {
  signInToScreen(PAGE_PATH, { moduleId: 7, key: 'system' }, permissions);
}

describe('operation log screen', () => {
  useSignedOutEnglishClient();
  afterEach(() => vi.restoreAllMocks());

  it('downloads the log as JSON Lines for a SIEM, besides CSV and Excel', async () => {
    signInWith(['OperateLog:Downloads']);
    const posted: unknown[] = [];
    mockFetch((url, init) => {
      if (url.pathname === '/v3api/log/operateLogList') return envelope(EMPTY);
      if (url.pathname === '/v3api/log/operateLogChain') return envelope({ intact: true, entries: 0, problems: [] });
      if (url.pathname === '/v3api/log/operateLog/export') {
        posted.push(JSON.parse(String(init?.body)));
        return new Response(LINES, {
          headers: { 'content-type': 'application/x-ndjson', 'content-disposition': 'attachment; filename="operation-log.jsonl"' },
        });
      }
      return undefined;
    });
    const saved: { name: string; blob: Blob }[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:log');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, blob: vi.mocked(URL.createObjectURL).mock.calls.at(-1)?.[0] as Blob });
    });
    renderRoutes(PAGE_PATH, { [PAGE_PATH]: <OperationLogListPage /> });

    const jsonl = await screen.findByTestId('export-jsonl');
    expect(jsonl.textContent).toContain('Export JSON Lines');
    expect(screen.getByTestId('export-csv')).toBeTruthy();
    fireEvent.click(jsonl);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(posted[0]).toMatchObject({ format: 'jsonl' });
    expect(saved[0]?.name).toBe('operation-log.jsonl');
    const lines = (await saved[0]!.blob.text()).trim().split('\n');
    expect(lines.map((l) => (JSON.parse(l) as { id: number }).id)).toEqual([2, 1]);
  });
});
