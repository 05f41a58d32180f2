import { describe, expect, it } from 'vitest';
import { filenameFromDisposition } from './download';

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
