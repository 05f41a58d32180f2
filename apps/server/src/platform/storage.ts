import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Db, DbOrTrx } from '../db/database';
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
 * A large file (a background export) is written and read as a stream, never held whole: written under
 * a temporary name beside its final one (`<name>.part`) and renamed when complete, so a stream that
 * fails or is stopped leaves nothing under any name, and a reader never sees half a file.
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
  /**
   * Removes the content, and the part a stream was writing under that name if its writer stopped before
   * the end (a node killed during a background export); no error when it is already gone.
   */
  remove: (db: DbOrTrx, storageName: string) => Promise<void>;
  /** Stores content under a name it already has (the migration command). */
  putAs: (db: DbOrTrx, storageName: string, content: Buffer) => Promise<void>;
  /**
   * Stores what `content` yields under a new name, each piece written as it comes. When `content` fails
   * or `signal` aborts (checked before every write) nothing is kept and the error is thrown. Outside any
   * transaction: a file written for minutes must not hold the database's write lock that long. `onName`
   * hears the name before anything is written, so that what a stopped writer leaves can be found and removed.
   */
  putStream: (
    db: Db,
    merchantId: number,
    content: AsyncIterable<Uint8Array>,
    o?: { signal?: AbortSignal; onName?: (storageName: string) => Promise<void> },
  ) => Promise<StoredUpload>;
  /** The content as a stream read as it is sent, or null when the backend does not have it. */
  getStream: (db: DbOrTrx, storageName: string) => Promise<Readable | null>;
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

/** Where a stream is written until it is complete: `commit` gives it its name, `discard` leaves nothing. */
type PartFile = { write: (chunk: Buffer) => Promise<void>; commit: () => Promise<void>; discard: () => Promise<void> };

/** `putStream` of every backend: a name the server chooses, the content written to the backend's part file. */
function putStreamWith(open: (db: Db, storageName: string) => Promise<PartFile>): FileStorage['putStream'] {
  return async (db, merchantId, content, o = {}) => {
    o.signal?.throwIfAborted();
    const storageName = newStorageName(merchantId);
    await o.onName?.(storageName);
    const part = await open(db, storageName);
    const hash = createHash('sha256');
    let size = 0;
    try {
      for await (const piece of content) {
        o.signal?.throwIfAborted();
        const chunk = Buffer.isBuffer(piece) ? piece : Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
        hash.update(chunk);
        size += chunk.length;
        await part.write(chunk);
      }
      o.signal?.throwIfAborted();
      await part.commit();
    } catch (error) {
      await part.discard();
      throw error;
    }
    return { storageName, sha256: hash.digest('hex'), size };
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
  const openPart = async (_db: Db, storageName: string): Promise<PartFile> => {
    const file = uploadPath(dataDir, storageName);
    const partName = `${file}.part`;
    await fs.promises.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    const handle = await fs.promises.open(partName, 'wx', 0o600);
    let open = true;
    const close = async () => {
      if (open) await handle.close();
      open = false;
    };
    return {
      async write(chunk) {
        for (let at = 0; at < chunk.length;) at += (await handle.write(chunk, at)).bytesWritten;
      },
      async commit() {
        await close();
        await fs.promises.rename(partName, file);
      },
      async discard() {
        await close().catch(() => {});
        await fs.promises.rm(partName, { force: true });
      },
    };
  };
  return {
    kind: 'disk',
    putAs,
    put: putUnderNewName(putAs),
    putStream: putStreamWith(openPart),
    async getStream(_db, storageName) {
      try {
        return (await fs.promises.open(uploadPath(dataDir, storageName), 'r')).createReadStream();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async get(_db, storageName) {
      try {
        return await fs.promises.readFile(uploadPath(dataDir, storageName));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(_db, storageName) {
      const file = uploadPath(dataDir, storageName);
      await fs.promises.rm(file, { force: true });
      await fs.promises.rm(`${file}.part`, { force: true });
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
  // The part file is chunks under `<name>.part`, each chunk its own statement; one update renames them all.
  const openPart = async (db: Db, storageName: string): Promise<PartFile> => {
    const partName = `${storageName}.part`;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let seq = 0;
    const flush = async () => {
      await db
        .insertInto('stored_file_chunks')
        .values({ storage_name: partName, seq, data: Buffer.concat(pending, pendingBytes) })
        .execute();
      seq += 1;
      pending = [];
      pendingBytes = 0;
    };
    return {
      async write(chunk) {
        for (let at = 0; at < chunk.length;) {
          const piece = chunk.subarray(at, at + CHUNK_BYTES - pendingBytes);
          pending.push(piece);
          pendingBytes += piece.length;
          at += piece.length;
          if (pendingBytes === CHUNK_BYTES) await flush();
        }
      },
      async commit() {
        if (pendingBytes > 0 || seq === 0) await flush();
        await db.updateTable('stored_file_chunks').set({ storage_name: storageName }).where('storage_name', '=', partName).execute();
      },
      async discard() {
        await db.deleteFrom('stored_file_chunks').where('storage_name', '=', partName).execute();
      },
    };
  };
  const chunkAt = async (db: DbOrTrx, storageName: string, seq: number) => {
    const row = await db
      .selectFrom('stored_file_chunks')
      .select('data')
      .where('storage_name', '=', storageName)
      .where('seq', '=', seq)
      .executeTakeFirst();
    return row ? Buffer.from(row.data) : null;
  };
  return {
    kind: 'database',
    putAs,
    put: putUnderNewName(putAs),
    putStream: putStreamWith(openPart),
    async getStream(db, storageName) {
      const first = await chunkAt(db, storageName, 0);
      if (!first) return null;
      // One chunk (1 MB) in memory at a time, the next read when the reader wants it.
      async function* chunks() {
        yield first!;
        for (let seq = 1; ; seq += 1) {
          const next = await chunkAt(db, storageName, seq);
          if (!next) return;
          yield next;
        }
      }
      return Readable.from(chunks(), { objectMode: false });
    },
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
      await db
        .deleteFrom('stored_file_chunks')
        .where('storage_name', 'in', [storageName, `${storageName}.part`])
        .execute();
    },
  };
}

export function createFileStorage(kind: FileStorageKind, dataDir: string): FileStorage {
  return kind === 'database' ? databaseStorage() : diskStorage(dataDir);
}
