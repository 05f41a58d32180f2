import { describe, expect, it } from 'vitest';
import { KYC_FILE_MAX_BYTES } from '@mbo/shared/kyc';
import { acceptFor, checkFile, checkFileBatch, extensionOf, rejectionText } from './file-checks';

const MB = 1024 * 1024;

describe('KYC upload checks before sending (spec §5)', () => {
  it('business documents: PDF, Word, Excel and images; ID photos: images only', () => {
    for (const name of ['a.pdf', 'b.DOC', 'c.docx', 'd.xls', 'e.xlsx', 'f.jpg', 'g.jpeg', 'h.PNG', 'i.bmp']) {
      expect(checkFile('businessDocuments', { name, size: 100 }), name).toBeNull();
    }
    for (const name of ['a.exe', 'b.gif', 'c', 'd.pdf.zip', 'e.txt']) {
      expect(checkFile('businessDocuments', { name, size: 100 }), name).toBe('type');
    }
    for (const name of ['a.pdf', 'b.docx', 'c.xlsx', 'd.gif']) expect(checkFile('idPhotos', { name, size: 100 }), name).toBe('type');
    for (const name of ['a.jpg', 'b.jpeg', 'c.png', 'd.bmp']) expect(checkFile('idPhotos', { name, size: 100 }), name).toBeNull();
    expect(acceptFor('idPhotos')).toBe('.jpg,.jpeg,.png,.bmp');
    expect(extensionOf('scan.final.PDF')).toBe('pdf');
  });

  it('each file at most 10 MB and not empty', () => {
    expect(checkFile('businessDocuments', { name: 'a.pdf', size: KYC_FILE_MAX_BYTES })).toBeNull();
    expect(checkFile('businessDocuments', { name: 'a.pdf', size: KYC_FILE_MAX_BYTES + 1 })).toBe('size');
    expect(checkFile('idPhotos', { name: 'a.png', size: 0 })).toBe('empty');
  });

  it('at most 10 files per field, counting what is already there', () => {
    const batch = Array.from({ length: 4 }, (_, i) => ({ name: `doc-${i}.pdf`, size: MB }));
    expect(checkFileBatch('businessDocuments', batch, 7)).toEqual({
      accepted: [0, 1, 2],
      rejected: [{ index: 3, name: 'doc-3.pdf', reason: 'count' }],
    });
    expect(checkFileBatch('businessDocuments', batch, 10).accepted).toEqual([]);
  });

  it('a refused file does not use up a place', () => {
    const batch = [
      { name: 'virus.exe', size: MB },
      { name: 'big.pdf', size: 11 * MB },
      { name: 'ok.pdf', size: MB },
    ];
    expect(checkFileBatch('businessDocuments', batch, 9)).toEqual({
      accepted: [2],
      rejected: [
        { index: 0, name: 'virus.exe', reason: 'type' },
        { index: 1, name: 'big.pdf', reason: 'size' },
      ],
    });
  });

  it('explains a refusal with the rule', () => {
    const t = (key: string, values?: Record<string, unknown>) => `${key} ${JSON.stringify(values)}`;
    expect(rejectionText(t, 'idPhotos', { name: 'a.pdf', reason: 'type' })).toBe(
      'kyc.upload.reject.type {"name":"a.pdf","types":"JPG, JPEG, PNG, BMP","mb":10,"max":10}',
    );
  });
});
