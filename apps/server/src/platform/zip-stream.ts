import { constants, crc32, createDeflateRaw, deflateRawSync, type DeflateRaw, type ZlibOptions } from 'node:zlib';
import type { TransformOptions, Writable } from 'node:stream';

/**
 * The ZIP archive an XLSX file is (xlsx-writer.ts), written front to back: each entry is a local
 * header with a "data descriptor" flag (sizes and CRC follow the data, so nothing is buffered), then
 * the central directory. Every entry is deflated, either as it is written or from segments deflated
 * elsewhere (the export pool's threads). The 4 GiB limit of the format is checked, never reached by
 * a sheet the writer's callers split in time.
 */

type Entry = { name: Buffer; offset: number; crc: number; compressed: number; size: number };
/** An entry being written: text goes into `deflate`; its output waits in `chunks` until forwarded in order. */
type OpenEntry = {
  deflate: DeflateRaw;
  entry: Entry;
  chunks: Buffer[];
  crc: number;
  size: number;
  done: Promise<void>;
};

const ZIP_LIMIT = 0xffffffff;
/** XML characters per deflated chunk (about a thousand rows of 25 columns). */
export const CHUNK_CHARS = 1 << 18;

function dosDateTime(d: Date): { time: number; date: number } {
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | Math.floor(d.getSeconds() / 2),
    date: ((d.getFullYear() - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}

/** The last block of a deflate stream whose segments each ended with a sync flush: final, fixed codes, no data. */
const FINAL_EMPTY_BLOCK = Buffer.from([0x03, 0x00]);

/**
 * Text as one deflate segment that ends with a sync flush (byte-aligned, not final), so that segments
 * deflated apart, in any thread, join into one stream; with its CRC and length.
 */
export function deflateSegment(text: string | Buffer): [data: Buffer, crc: number, size: number] {
  const buf = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  return [deflateRawSync(buf, { level: 1, finishFlush: constants.Z_SYNC_FLUSH }), crc32(buf), buf.length];
}

/** zlib's crc32_combine: the CRC of a + b from the CRCs of a and b and the length of b (GF(2) matrix powers). */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  if (lengthB <= 0) return crcA >>> 0;
  const times = (mat: Uint32Array, vec: number): number => {
    let sum = 0;
    for (let i = 0; vec !== 0; i += 1, vec >>>= 1) if (vec & 1) sum ^= mat[i]!;
    return sum >>> 0;
  };
  const square = (out: Uint32Array, mat: Uint32Array) => {
    for (let n = 0; n < 32; n += 1) out[n] = times(mat, mat[n]!);
  };
  const even = new Uint32Array(32);
  const odd = new Uint32Array(32);
  odd[0] = 0xedb88320;
  for (let n = 1, row = 1; n < 32; n += 1, row <<= 1) odd[n] = row;
  square(even, odd); // two zero bits
  square(odd, even); // four zero bits
  let crc = crcA >>> 0;
  let len = lengthB;
  for (;;) {
    square(even, odd);
    if (len % 2 === 1) crc = times(even, crc);
    len = Math.floor(len / 2);
    if (len === 0) break;
    square(odd, even);
    if (len % 2 === 1) crc = times(odd, crc);
    len = Math.floor(len / 2);
    if (len === 0) break;
  }
  return (crc ^ crcB) >>> 0;
}

function dataDescriptor(entry: Entry): Buffer {
  const d = Buffer.alloc(16);
  d.writeUInt32LE(0x08074b50, 0);
  d.writeUInt32LE(entry.crc >>> 0, 4);
  d.writeUInt32LE(entry.compressed, 8);
  d.writeUInt32LE(entry.size, 12);
  return d;
}

/**
 * A ZIP archive streamed into `out`, one entry at a time: openEntry, write, closeEntry (deflated as
 * written), or openDeflatedEntry, appendDeflated, closeDeflatedEntry (segments deflated elsewhere);
 * finish writes the central directory and ends the stream.
 */
export class ZipStreamWriter {
  private offset = 0;
  private readonly entries: Entry[] = [];
  private current: OpenEntry | null = null;
  private readonly stamp = dosDateTime(new Date());
  /** The current entry when its content comes deflated (appendDeflated). */
  private deflated: Entry | null = null;

  constructor(
    private readonly out: Writable,
    private readonly waitForDrain: () => Promise<void>,
  ) {}

  private async raw(chunk: Buffer): Promise<void> {
    this.offset += chunk.length;
    if (this.offset > ZIP_LIMIT) throw new Error('export larger than the ZIP format allows');
    if (!this.out.write(chunk)) await this.waitForDrain();
  }

  private localHeader(name: Buffer): Buffer {
    const h = Buffer.alloc(30);
    h.writeUInt32LE(0x04034b50, 0);
    h.writeUInt16LE(20, 4); // version needed
    h.writeUInt16LE(0x0808, 6); // data descriptor follows; names are UTF-8
    h.writeUInt16LE(8, 8); // deflate
    h.writeUInt16LE(this.stamp.time, 10);
    h.writeUInt16LE(this.stamp.date, 12);
    // CRC and sizes are 0 here: they come in the data descriptor.
    h.writeUInt16LE(name.length, 26);
    return Buffer.concat([h, name]);
  }

  /** Writes an entry's local header; its sizes and CRC follow its data (dataDescriptor). */
  private async startEntry(path: string): Promise<Entry> {
    const name = Buffer.from(path, 'utf8');
    const entry: Entry = { name, offset: this.offset, crc: 0, compressed: 0, size: 0 };
    await this.raw(this.localHeader(name));
    return entry;
  }

  /** Starts an entry whose content is deflated as it is written. */
  async openEntry(path: string): Promise<void> {
    const entry = await this.startEntry(path);
    // Deflate runs on libuv's thread pool beside this thread building the next rows (see write): room
    // for several chunks of XML (with the default 16 KB each chunk waited for its own deflate), and an
    // output buffer as large as a chunk, so that a chunk is one trip to the pool (with 16 KB it came
    // back to this thread for every 16 KB out). zlib streams take the stream options too; Node's
    // types list only zlib's own.
    const options: ZlibOptions & TransformOptions = { level: 1, writableHighWaterMark: 4 * CHUNK_CHARS, chunkSize: CHUNK_CHARS };
    const deflate = createDeflateRaw(options);
    const chunks: Buffer[] = [];
    deflate.on('data', (c: Buffer) => {
      entry.compressed += c.length;
      chunks.push(c);
    });
    const done = new Promise<void>((resolve, reject) => {
      deflate.on('end', resolve);
      deflate.on('error', reject);
    });
    this.current = { deflate, entry, chunks, crc: 0, size: 0, done };
  }

  private async flushCompressed(): Promise<void> {
    const cur = this.current;
    if (!cur) return;
    while (cur.chunks.length > 0) {
      const c = cur.chunks.shift();
      if (c) await this.raw(c);
    }
  }

  /** Text of the open entry, deflated on the way (best in chunks of about CHUNK_CHARS). */
  async write(text: string): Promise<void> {
    const cur = this.current;
    if (!cur) throw new Error('no open entry');
    const buf = Buffer.from(text, 'utf8');
    cur.crc = crc32(buf, cur.crc);
    cur.size += buf.length;
    if (cur.size > ZIP_LIMIT) throw new Error('sheet larger than the ZIP format allows');
    if (!cur.deflate.write(buf)) await new Promise<void>((resolve) => cur.deflate.once('drain', resolve));
    // One turn of the event loop: the pool's last deflate reports back and the next chunk starts,
    // so the pool compresses this chunk while the caller builds the next one.
    else await new Promise<void>((resolve) => setImmediate(resolve));
    await this.flushCompressed();
  }

  async closeEntry(): Promise<void> {
    const cur = this.current;
    if (!cur) return;
    cur.deflate.end();
    await cur.done;
    await this.flushCompressed();
    cur.entry.crc = cur.crc;
    cur.entry.size = cur.size;
    await this.raw(dataDescriptor(cur.entry));
    this.entries.push(cur.entry);
    this.current = null;
  }

  async wholeEntry(path: string, content: string): Promise<void> {
    await this.openEntry(path);
    await this.write(content);
    await this.closeEntry();
  }

  /**
   * Starts an entry whose content comes as deflate segments (deflateSegment) one after the other,
   * each ended by a sync flush (so they join into one stream), then a final empty block; its CRC is
   * the CRCs of the segments combined.
   */
  async openDeflatedEntry(path: string): Promise<void> {
    this.deflated = await this.startEntry(path);
  }

  /** A deflate segment (ended by a sync flush) of the current deflated entry, with the CRC and length of its text. */
  async appendDeflated(data: Buffer, crc: number, size: number): Promise<void> {
    const entry = this.deflated;
    if (!entry) throw new Error('addDeflatedSheet first');
    await this.raw(data);
    entry.compressed += data.length;
    entry.crc = crc32Combine(entry.crc, crc, size);
    entry.size += size;
    if (entry.size > ZIP_LIMIT) throw new Error('sheet larger than the ZIP format allows');
  }

  /** Ends the current deflated entry with `last`, the final segment of its text. */
  async closeDeflatedEntry(last: string): Promise<void> {
    const entry = this.deflated;
    if (!entry) return;
    await this.appendDeflated(...deflateSegment(last));
    await this.raw(FINAL_EMPTY_BLOCK);
    entry.compressed += FINAL_EMPTY_BLOCK.length;
    await this.raw(dataDescriptor(entry));
    this.entries.push(entry);
    this.deflated = null;
  }

  /** Writes the ZIP directory after the last entry, and ends the stream. */
  async finish(): Promise<void> {
    const start = this.offset;
    for (const e of this.entries) {
      const c = Buffer.alloc(46);
      c.writeUInt32LE(0x02014b50, 0);
      c.writeUInt16LE(20, 4); // made by
      c.writeUInt16LE(20, 6); // needed
      c.writeUInt16LE(0x0808, 8);
      c.writeUInt16LE(8, 10);
      c.writeUInt16LE(this.stamp.time, 12);
      c.writeUInt16LE(this.stamp.date, 14);
      c.writeUInt32LE(e.crc >>> 0, 16);
      c.writeUInt32LE(e.compressed, 20);
      c.writeUInt32LE(e.size, 24);
      c.writeUInt16LE(e.name.length, 28);
      c.writeUInt32LE(e.offset, 42);
      await this.raw(Buffer.concat([c, e.name]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    await this.raw(end);
    this.out.end();
  }
}
