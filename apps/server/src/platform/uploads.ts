import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { TKycFileType } from '@mbo/shared/kyc';

/*
 * Uploaded files: the type is read from the content (magic bytes), never from the name or the
 * browser's content type. Where they are kept, under server-generated names, is storage.ts.
 */

export type SniffedType = 'pdf' | 'doc' | 'xls' | 'docx' | 'xlsx' | 'jpeg' | 'png' | 'bmp';

export const MIME_OF: Record<SniffedType, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  jpeg: 'image/jpeg',
  png: 'image/png',
  bmp: 'image/bmp',
};

/** The file-type codes of the shared catalog a sniffed type satisfies (jpg and jpeg are one format). */
export const SNIFFED_AS: Record<SniffedType, readonly TKycFileType[]> = {
  pdf: ['pdf'],
  doc: ['doc'],
  xls: ['xls'],
  docx: ['docx'],
  xlsx: ['xlsx'],
  jpeg: ['jpg', 'jpeg'],
  png: ['png'],
  bmp: ['bmp'],
};

const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const BMP_DIB_SIZES = new Set([12, 40, 52, 56, 64, 108, 124]);

export type ZipEntry = { name: string; method: number; compressedSize: number; offset: number };

/**
 * The entries of a ZIP archive (an OOXML document is one), from its central directory; null when it is
 * not a readable ZIP.
 */
export function zipEntries(buf: Buffer): ZipEntry[] | null {
  if (buf.length < 22 || buf.readUInt32LE(0) !== 0x04034b50) return null;
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const count = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  const entries: ZipEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== 0x02014b50) return null;
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    if (p + 46 + nameLen > buf.length) return null;
    entries.push({
      name: buf.toString('utf8', p + 46, p + 46 + nameLen),
      method: buf.readUInt16LE(p + 10),
      compressedSize: buf.readUInt32LE(p + 20),
      offset: buf.readUInt32LE(p + 42),
    });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

/** What the bytes are, or null when they are none of the accepted formats. */
export function sniffFileType(buf: Buffer): SniffedType | null {
  if (buf.length >= 5 && buf.toString('latin1', 0, 5) === '%PDF-') return 'pdf';
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  if (buf.length >= 8 && buf.subarray(0, 8).equals(PNG)) return 'png';
  if (buf.length >= 26 && buf[0] === 0x42 && buf[1] === 0x4d && BMP_DIB_SIZES.has(buf.readUInt32LE(14))) return 'bmp';
  if (buf.length >= 512 && buf.subarray(0, 8).equals(OLE2)) {
    // Compound files name their streams in UTF-16LE: Word keeps "WordDocument", Excel "Workbook" (or "Book" before 97).
    if (buf.includes(Buffer.from('WordDocument', 'utf16le'))) return 'doc';
    if (buf.includes(Buffer.from('Workbook', 'utf16le')) || buf.includes(Buffer.from('Book', 'utf16le'))) return 'xls';
    return null;
  }
  const names = zipEntries(buf)?.map((e) => e.name);
  if (names && names.includes('[Content_Types].xml')) {
    if (names.some((n) => n.startsWith('word/'))) return 'docx';
    if (names.some((n) => n.startsWith('xl/'))) return 'xlsx';
  }
  return null;
}

/** Keeps only printable characters of a client file name, for display and the download header. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim();
  return (clean || 'file').slice(0, 200);
}

/**
 * Content-Disposition of a download or an uploaded file (RFC 6266): an ASCII fallback and the exact
 * UTF-8 name (RFC 5987, where `'`, `(`, `)` and `*` are encoded too: a `'` left as it is ends the
 * charset part early).
 */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/[\\"]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** How a file is answered: its content type, its name, and whether the browser shows it or saves it. */
export type SentFile = { type: string; name: string; disposition: 'inline' | 'attachment'; bytes?: number };

/** A file as the answer itself (not an envelope), private to the caller and never kept by a cache. */
export function sendFile(reply: FastifyReply, file: SentFile, content: Buffer | Readable) {
  reply.header('content-type', file.type).header('content-disposition', contentDisposition(file.disposition, file.name));
  if (file.bytes !== undefined) reply.header('content-length', file.bytes);
  return reply.header('cache-control', 'private, no-store').send(content);
}
