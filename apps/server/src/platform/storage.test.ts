import { createHash, randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createMerchant } from '../../test/factories';
import { storedFileNames } from '../../test/files';
import { testAppForFile } from '../../test/helpers';
import { opsHarness } from '../../test/ops-harness';
import { CHUNK_BYTES, databaseStorage, diskStorage, type FileStorage } from './storage';

const t = testAppForFile();

/** Every name the backend holds for a merchant, finished or not (a part file included). */
const namesOf = (files: FileStorage, merchantId: number) => storedFileNames(t, files.kind, merchantId);

async function readAll(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
}

/** `content` in pieces of uneven sizes (none lined up with the chunks), after `before` resolves for each. */
async function* pieces(content: Buffer, before: (at: number) => Promise<void> = async () => {}) {
  for (let at = 0, n = 1; at < content.length; n += 1) {
    await before(at);
    const size = (n * 333_331) % (CHUNK_BYTES + 7) || 1;
    yield content.subarray(at, at + size);
    at += size;
  }
}

describe.each([
  ['disk', () => diskStorage(t.config.dataDir)],
  ['database', () => databaseStorage()],
] as const)('%s file storage', (_kind, make: () => FileStorage) => {
  it('stores under a server-made name, reads back the same bytes (over several chunks), and deletes', async () => {
    const files = make();
    const content = randomBytes(CHUNK_BYTES * 2 + 123);
    const stored = await files.put(t.db, 42, content);
    expect(stored.storageName).toMatch(/^42\/[0-9a-f]{32}$/);
    expect(stored.size).toBe(content.length);
    expect((await files.get(t.db, stored.storageName))?.equals(content)).toBe(true);
    await files.remove(t.db, stored.storageName);
    expect(await files.get(t.db, stored.storageName)).toBeNull();
    // Removing what is already gone is no error; an empty file is a file.
    await files.remove(t.db, stored.storageName);
    const empty = await files.put(t.db, 42, Buffer.alloc(0));
    expect((await files.get(t.db, empty.storageName))?.length).toBe(0);
  });

  it('writes nothing when the transaction around the write rolls back (database) or leaves it to the caller (disk)', async () => {
    const files = make();
    let name = '';
    await expect(
      t.db.transaction().execute(async (trx) => {
        name = (await files.put(trx, 7, Buffer.from('half'))).storageName;
        throw new Error('record refused');
      }),
    ).rejects.toThrow('record refused');
    if (files.kind === 'database') expect(await files.get(t.db, name)).toBeNull();
    else {
      expect((await files.get(t.db, name))?.toString()).toBe('half');
      await files.remove(t.db, name);
    }
  });

  it('stores a stream as it comes, under its name only once complete, and reads it back as a stream', async () => {
    const files = make();
    const merchantId = files.kind === 'disk' ? 51 : 52;
    const content = randomBytes(CHUNK_BYTES * 2 + 123);
    const seen: string[][] = [];
    const stored = await files.putStream(
      t.db,
      merchantId,
      pieces(content, async (at) => {
        if (at > 0) seen.push(await namesOf(files, merchantId));
      }),
    );
    // While it was written, only a part file existed (pieces reached storage before the stream ended).
    expect(seen.length).toBeGreaterThan(2);
    expect(seen.flat().length).toBeGreaterThan(0);
    expect(seen.flat().every((n) => n.endsWith('.part'))).toBe(true);
    expect(stored).toEqual({
      storageName: expect.stringMatching(/^\d+\/[0-9a-f]{32}$/) as string,
      sha256: createHash('sha256').update(content).digest('hex'),
      size: content.length,
    });
    expect(await namesOf(files, merchantId)).toEqual([stored.storageName]);
    expect((await files.get(t.db, stored.storageName))?.equals(content)).toBe(true);
    expect((await readAll((await files.getStream(t.db, stored.storageName))!)).equals(content)).toBe(true);
    const empty = await files.putStream(t.db, merchantId, pieces(Buffer.alloc(0)));
    expect((await readAll((await files.getStream(t.db, empty.storageName))!)).length).toBe(0);
    for (const name of [stored.storageName, empty.storageName]) await files.remove(t.db, name);
    expect(await files.getStream(t.db, stored.storageName)).toBeNull();
    expect(await namesOf(files, merchantId)).toEqual([]);
  });

  it('keeps nothing of a stream that fails or is stopped half-way', async () => {
    const files = make();
    const merchantId = files.kind === 'disk' ? 53 : 54;
    const content = randomBytes(CHUNK_BYTES * 3);
    const failing = pieces(content, async (at) => {
      if (at > CHUNK_BYTES * 2) throw new Error('export failed');
    });
    await expect(files.putStream(t.db, merchantId, failing)).rejects.toThrow('export failed');
    expect(await namesOf(files, merchantId)).toEqual([]);
    const stop = new AbortController();
    const stopped = pieces(content, async (at) => {
      if (at > CHUNK_BYTES * 2) stop.abort();
    });
    await expect(files.putStream(t.db, merchantId, stopped, { signal: stop.signal })).rejects.toThrow();
    expect(await namesOf(files, merchantId)).toEqual([]);
  });
});

describe('files:migrate-storage', () => {
  it('moves every referenced file to the database and back, byte for byte, and says what is missing', async () => {
    const { ops } = opsHarness(t);
    const disk = diskStorage(t.config.dataDir);
    const db = databaseStorage();
    const merchantId = (await createMerchant(t.db)).id;
    const contents = [randomBytes(1000), randomBytes(CHUNK_BYTES + 5)];
    const names: string[] = [];
    for (const [i, content] of contents.entries()) {
      const s = await disk.put(t.db, merchantId, content);
      names.push(s.storageName);
      await t.db
        .insertInto('kyc_files')
        .values({
          merchant_id: merchantId,
          field: 'businessDocuments',
          original_name: `f${i}.pdf`,
          mime: 'application/pdf',
          size: s.size,
          sha256: s.sha256,
          storage_name: s.storageName,
          uploaded_by_admin_id: null,
          created_at: t.clock.now(),
          deleted_at: null,
        })
        .execute();
    }
    const toDb = await ops('files:migrate-storage', '--to', 'database');
    expect(toDb.out).toContain('moved 2 files to database; 0 were there already; 0 missing in disk');
    for (const [i, name] of names.entries()) {
      expect((await db.get(t.db, name))?.equals(contents[i]!)).toBe(true);
      expect(await disk.get(t.db, name)).toBeNull();
    }
    expect((await ops('files:migrate-storage', '--to', 'database')).out).toContain('moved 0 files to database; 2 were there already');
    const back = await ops('files:migrate-storage', '--to', 'disk');
    expect(back.out).toContain('moved 2 files to disk');
    expect((await disk.get(t.db, names[1]!))?.equals(contents[1]!)).toBe(true);
    expect((await ops('files:migrate-storage', '--to', 's3')).code).not.toBe(0);
  });
});
