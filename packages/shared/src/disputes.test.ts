import { describe, expect, it } from 'vitest';
import { checkEvidenceFiles, EVIDENCE_MAX_BYTES, ZDisputeListQuery } from './disputes';
import { ZRefundListQuery } from './refunds';

describe('evidence files (client mirror of the server rules)', () => {
  it('accepts the listed formats up to 10 MB and 10 files', () => {
    const ok = ['a.PDF', 'b.docx', 'c.xls', 'd.jpeg', 'e.bmp'].map((name) => ({ name, size: EVIDENCE_MAX_BYTES }));
    expect(checkEvidenceFiles(ok)).toEqual({ problem: null });
  });
  it('names the first problem', () => {
    expect(checkEvidenceFiles([{ name: 'setup.exe', size: 1 }])).toEqual({ problem: 'badType', name: 'setup.exe' });
    expect(checkEvidenceFiles([{ name: 'big.pdf', size: EVIDENCE_MAX_BYTES + 1 }])).toEqual({ problem: 'tooLarge', name: 'big.pdf' });
    expect(checkEvidenceFiles(Array.from({ length: 11 }, (_, i) => ({ name: `${i}.png`, size: 1 })))).toEqual({ problem: 'tooMany' });
  });
});

describe('list queries', () => {
  it('treat empty filters as absent and refuse unknown codes, fraud reports and 7-month ranges', () => {
    const base = { from: '2026-01-01', to: '2026-01-31' };
    expect(ZRefundListQuery.parse({ ...base, status: '', gatewayNo: '' }).status).toBeUndefined();
    expect(ZRefundListQuery.safeParse({ ...base, status: '6' }).success).toBe(false);
    expect(ZDisputeListQuery.safeParse({ ...base, kind: '5' }).success).toBe(false);
    expect(ZDisputeListQuery.parse({ ...base, kind: '4', deadlineWithinDays: '3' })).toMatchObject({
      kind: 4,
      deadlineWithinDays: 3,
      timeType: 'dispute',
    });
    expect(ZDisputeListQuery.safeParse({ from: '2026-01-01', to: '2026-07-01' }).success).toBe(false);
  });
});
