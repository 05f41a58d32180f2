import { describe, expect, it, vi } from 'vitest';
import { downloadFile, downloadRequestOf, filenameFromDisposition } from './download';

describe('filenameFromDisposition', () => {
  it('prefers the RFC 5987 filename* form and decodes it', () => {
    expect(
      filenameFromDisposition(`attachment; filename="fallback.xlsx"; filename*=UTF-8''%E4%BA%A4%E6%98%93%E6%97%A5%E6%8A%A5.xlsx`),
    ).toBe('交易日报.xlsx');
  });

  it('reads quoted, bare and URL-encoded plain file names', () => {
    expect(filenameFromDisposition('attachment; filename="report 2026.csv"')).toBe('report 2026.csv');
    expect(filenameFromDisposition('attachment; filename=report.csv')).toBe('report.csv');
    expect(filenameFromDisposition('attachment; filename=%E6%8A%A5%E8%A1%A8.csv')).toBe('报表.csv');
  });

  it('gives null without a file name', () => {
    expect(filenameFromDisposition(null)).toBeNull();
    expect(filenameFromDisposition('inline')).toBeNull();
  });
});

describe('downloadRequestOf', () => {
  it("gives what a screen's export would post, however it builds the body, and sends nothing", async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const exportRefunds = async (format: string) => {
      // A screen's export may work its filters out before it downloads.
      await Promise.resolve();
      return downloadFile('/refundment/export', { from: '2026-11-01', to: '2026-11-29', status: '2', format }, 'refunds.csv');
    };
    await expect(downloadRequestOf(() => exportRefunds('csv'))).resolves.toEqual({
      url: '/refundment/export',
      data: { from: '2026-11-01', to: '2026-11-29', status: '2', format: 'csv' },
    });
    expect(fetchSpy).not.toHaveBeenCalled();
    await expect(downloadRequestOf(() => Promise.resolve())).resolves.toBeNull();
    fetchSpy.mockRestore();
  });
});
