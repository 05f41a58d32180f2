import { describe, expect, it } from 'vitest';
import { bmpFile, docxFile, exeFile, jpegFile, oleFile, pdfFile, pngFile, xlsxFile, zipFile } from '../../test/files';
import { uploadPath } from './storage';
import { cleanFileName, contentDisposition, sniffFileType } from './uploads';

describe('file type from content (spec §5 KYC uploads)', () => {
  it('recognizes every accepted format by its bytes', () => {
    expect(sniffFileType(pdfFile())).toBe('pdf');
    expect(sniffFileType(pngFile())).toBe('png');
    expect(sniffFileType(jpegFile())).toBe('jpeg');
    expect(sniffFileType(bmpFile())).toBe('bmp');
    expect(sniffFileType(oleFile('WordDocument'))).toBe('doc');
    expect(sniffFileType(oleFile('Workbook'))).toBe('xls');
    expect(sniffFileType(docxFile())).toBe('docx');
    expect(sniffFileType(xlsxFile())).toBe('xlsx');
  });

  it('refuses an executable, plain text, an arbitrary ZIP and truncated headers', () => {
    expect(sniffFileType(exeFile())).toBeNull();
    expect(sniffFileType(Buffer.from('just some text that says %PDF- later'))).toBeNull();
    expect(sniffFileType(zipFile({ 'readme.txt': 'hello' }))).toBeNull();
    expect(sniffFileType(zipFile({ '[Content_Types].xml': '<Types/>', 'ppt/slide1.xml': '<p/>' }))).toBeNull();
    expect(sniffFileType(Buffer.from([0x89, 0x50, 0x4e]))).toBeNull();
    expect(sniffFileType(Buffer.from('BM'))).toBeNull();
    expect(sniffFileType(oleFile('WordDocument').subarray(0, 100))).toBeNull();
    expect(sniffFileType(Buffer.alloc(0))).toBeNull();
  });

  it('keeps stored names inside the uploads folder and client names printable', () => {
    expect(uploadPath('/data', '12/abcdef')).toBe('/data/uploads/12/abcdef');
    expect(() => uploadPath('/data', '../../etc/passwd')).toThrow();
    expect(cleanFileName('C:\\fakepath\\report "final".pdf')).toBe('report final.pdf');
    expect(cleanFileName('../../x\u0000.png')).toBe('x.png');
    expect(contentDisposition('attachment', '营业执照.pdf')).toBe(
      `attachment; filename="____.pdf"; filename*=UTF-8''${encodeURIComponent('营业执照.pdf')}`,
    );
  });
});

describe('content-disposition', () => {
  it('carries an ASCII name and the exact UTF-8 name (RFC 5987)', () => {
    expect(contentDisposition('attachment', 'transactions_2026-05-01_2026-05-31.csv')).toBe(
      `attachment; filename="transactions_2026-05-01_2026-05-31.csv"; filename*=UTF-8''transactions_2026-05-01_2026-05-31.csv`,
    );
    expect(contentDisposition('attachment', '交易_1.csv')).toBe(
      `attachment; filename="___1.csv"; filename*=UTF-8''%E4%BA%A4%E6%98%93_1.csv`,
    );
    // An uploaded file's own name: RFC 5987 leaves no quote, bracket or star unencoded.
    expect(contentDisposition('inline', "O'Brien (ID)*.pdf")).toBe(
      `inline; filename="O'Brien (ID)*.pdf"; filename*=UTF-8''O%27Brien%20%28ID%29%2A.pdf`,
    );
  });
});
