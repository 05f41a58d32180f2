import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { DbOrTrx } from '../db/database';
import type { FileStorageKind } from '../config';

/*
 * Where uploaded files live: one interface for every upload, download and deletion (KYC files,
 * additional documents, appeal evidence, and every later upload).
 *
 * - `disk`: DATA_DIR/uploads, for a single node (the default with SQLite).
 * - `database`: the `stored_file_chunks` table, chunks of at most 1 MB (the default with PostgreSQL). Chosen
 *   over S3-compatible object storage because it needs nothing beside the database every node already
 *   shares, the chunks are written in the same transaction as the file's record (a file and its record
 *   exist together or not at all, and a backup of the database is a backup of the files), and the files
 *   of this product are small and few (at most 10 MB each, tens per merchant). A deployment with large
 *   volumes would add an object-storage backend behind this same interface.
 *
 * Names are made by the server (`<merchantId>/<32 hex>`), never taken from the client. Content checks
 * and size limits stay with the callers (uploads.ts). `npm run ops -- files:migrate-storage` moves
 * existing files from one backend to the other.
 */

export type StoredUpload = { storageName: string; sha256: string; size: number };

export type FileStorage = {
  kind: FileStorageKind;
  /**
   * Stores `content` under a new name. With the database backend the chunks are written through `db`,
   * so passing the transaction that inserts the file's record makes both one unit.
   */
  put: (db: DbOrTrx, merchantId: number, content: Buffer) => Promise<StoredUpload>;
  /** The content, or null when the backend does not have it. */
  get: (db: DbOrTrx, storageName: string) => Promise<Buffer | null>;
  /** Removes the content; no error when it is already gone. */
  remove: (db: DbOrTrx, storageName: string) => Promise<void>;
  /** Stores content under a name it already has (the migration command). */
  putAs: (db: DbOrTrx, storageName: string, content: Buffer) => Promise<void>;
};

export const CHUNK_BYTES = 1024 * 1024;

/** A file name the server chose: the merchant's folder and random hex. Never derived from what the client sent. */
function newStorageName(merchantId: number): string {
  return `${merchantId}/${randomBytes(16).toString('hex')}`;
}

/** `put` of every backend: a name the server chooses, and the content stored under it by the backend's `putAs`. */
function putUnderNewName(putAs: FileStorage['putAs']): FileStorage['put'] {
  return async (db, merchantId, content) => {
    const storageName = newStorageName(merchantId);
    await putAs(db, storageName, content);
    return { storageName, sha256: createHash('sha256').update(content).digest('hex'), size: content.length };
  };
}

export function uploadsDir(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

/** Path of a stored file; the name comes from the database and is checked to stay inside the uploads folder. */
export function uploadPath(dataDir: string, storageName: string): string {
  const root = uploadsDir(dataDir);
  const file = path.resolve(root, storageName);
  if (!file.startsWith(root + path.sep)) throw new Error('storage name escapes the uploads folder');
  return file;
}

export function diskStorage(dataDir: string): FileStorage {
  const putAs = async (_db: DbOrTrx, storageName: string, content: Buffer) => {
    const file = uploadPath(dataDir, storageName);
    await fs.promises.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    await fs.promises.writeFile(file, content, { flag: 'wx', mode: 0o600 });
  };
  return {
    kind: 'disk',
    putAs,
    put: putUnderNewName(putAs),
    async get(_db, storageName) {
      try {
        return await fs.promises.readFile(uploadPath(dataDir, storageName));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(_db, storageName) {
      await fs.promises.rm(uploadPath(dataDir, storageName), { force: true });
    },
  };
}

export function databaseStorage(): FileStorage {
  const putAs = async (db: DbOrTrx, storageName: string, content: Buffer) => {
    const rows = [];
    for (let seq = 0, at = 0; at < content.length || seq === 0; seq += 1, at += CHUNK_BYTES) {
      rows.push({ storage_name: storageName, seq, data: content.subarray(at, at + CHUNK_BYTES) });
    }
    // One chunk per statement: a 10 MB file is ten small statements, not one 10 MB parameter list.
    for (const row of rows) await db.insertInto('stored_file_chunks').values(row).execute();
  };
  return {
    kind: 'database',
    putAs,
    put: putUnderNewName(putAs),
    async get(db, storageName) {
      const rows = await db
        .selectFrom('stored_file_chunks')
        .select('data')
        .where('storage_name', '=', storageName)
        .orderBy('seq')
        .execute();
      return rows.length === 0 ? null : Buffer.concat(rows.map((r) => Buffer.from(r.data)));
    },
    async remove(db, storageName) {
      await db.deleteFrom('stored_file_chunks').where('storage_name', '=', storageName).execute();
    },
  };
}

export function createFileStorage(kind: FileStorageKind, dataDir: string): FileStorage {
  return kind === 'database' ? databaseStorage() : diskStorage(dataDir);
}
