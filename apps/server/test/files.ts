import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { FileStorageKind } from '../src/config';
import type { Db } from '../src/db/database';
import { zipOf } from './zip';

/*
 * Small real files of each accepted format (and some impostors) for upload tests. They are built
 * byte by byte so the tests need no fixtures on disk.
 */

export function pdfFile(text = 'hello'): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n% ${text}\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
    'latin1',
  );
}

/** A 1x1 PNG. */
export function pngFile(): Buffer {
  return Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
}

export function jpegFile(): Buffer {
  return Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
    Buffer.from('JFIF\0', 'latin1'),
    Buffer.alloc(64),
    Buffer.from([0xff, 0xd9]),
  ]);
}

/** A 1x1 24-bit BMP. */
export function bmpFile(): Buffer {
  const b = Buffer.alloc(58);
  b.write('BM', 0, 'latin1');
  b.writeUInt32LE(58, 2);
  b.writeUInt32LE(54, 10);
  b.writeUInt32LE(40, 14);
  b.writeInt32LE(1, 18);
  b.writeInt32LE(1, 22);
  b.writeUInt16LE(1, 26);
  b.writeUInt16LE(24, 28);
  return b;
}

/** A Windows executable header: what a renamed .exe starts with. */
export function exeFile(): Buffer {
  const b = Buffer.alloc(256);
  b.write('MZ', 0, 'latin1');
  b.write('This program cannot be run in DOS mode.', 78, 'latin1');
  return b;
}

/** An OLE2 compound file whose directory names the given stream (UTF-16LE), like .doc and .xls. */
export function oleFile(streamName: 'WordDocument' | 'Workbook'): Buffer {
  const b = Buffer.alloc(1536);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(b, 0);
  Buffer.from(streamName, 'utf16le').copy(b, 1024);
  return b;
}

/** A ZIP archive (deflated entries, with central directory) holding the given files. */
export function zipFile(entries: Record<string, string>): Buffer {
  return zipOf(Object.entries(entries).map(([name, data]) => ({ name, data })));
}

const CONTENT_TYPES = '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>';

export function docxFile(): Buffer {
  return zipFile({ '[Content_Types].xml': CONTENT_TYPES, 'word/document.xml': '<w:document/>' });
}

export function xlsxFile(): Buffer {
  return zipFile({ '[Content_Types].xml': CONTENT_TYPES, 'xl/workbook.xml': '<workbook/>' });
}

export type Upload = { name: string; content: Buffer; type?: string };

/** A multipart/form-data body: text fields first, then the files under `fileField`. */
export function multipartBody(
  fields: Record<string, string>,
  files: Upload[],
  fileField = 'files',
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----mbo${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${fileField}"; filename="${f.name}"\r\nContent-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      f.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** How many files of a merchant the app's file storage holds (on disk: in its folder; in the database: by name). */
export async function storedFileCount(
  t: { app: FastifyInstance; db: Db; config: { dataDir: string } },
  merchantId: number,
): Promise<number> {
  return (await storedFileNames(t, t.app.files.kind, merchantId)).length;
}

/** The names a storage backend holds for a merchant, finished or not (a part file being written included). */
export async function storedFileNames(
  t: { db: Db; config: { dataDir: string } },
  kind: FileStorageKind,
  merchantId: number,
): Promise<string[]> {
  if (kind === 'disk') {
    const dir = path.join(t.config.dataDir, 'uploads', String(merchantId));
    return fs.existsSync(dir) ? fs.readdirSync(dir).map((f) => `${merchantId}/${f}`) : [];
  }
  const rows = await t.db
    .selectFrom('stored_file_chunks')
    .select('storage_name')
    .distinct()
    .where('storage_name', 'like', `${merchantId}/%`)
    .execute();
  return rows.map((r) => r.storage_name);
}
