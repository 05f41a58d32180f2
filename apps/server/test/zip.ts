import { crc32, deflateRawSync, inflateRawSync } from 'node:zlib';
import { expect } from 'vitest';

/** Every entry of a ZIP file checked as a strict reader would: its data inflates to its size and CRC. */
export function checkZip(file: Buffer): string[] {
  return [...zipEntries(file).keys()];
}

/** Every entry of a ZIP file by name, checked as checkZip checks them. */
export function zipEntries(file: Buffer): Map<string, Buffer> {
  const end = file.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = file.readUInt16LE(end + 10);
  let at = file.readUInt32LE(end + 16);
  const entries = new Map<string, Buffer>();
  for (let i = 0; i < count; i += 1) {
    const crc = file.readUInt32LE(at + 16);
    const compressed = file.readUInt32LE(at + 20);
    const size = file.readUInt32LE(at + 24);
    const nameLength = file.readUInt16LE(at + 28);
    const local = file.readUInt32LE(at + 42);
    const name = file.toString('utf8', at + 46, at + 46 + nameLength);
    const start = local + 30 + file.readUInt16LE(local + 26) + file.readUInt16LE(local + 28);
    const data = inflateRawSync(file.subarray(start, start + compressed));
    expect(data.length, name).toBe(size);
    expect(crc32(data), name).toBe(crc);
    entries.set(name, data);
    at += 46 + nameLength + file.readUInt16LE(at + 30) + file.readUInt16LE(at + 32);
  }
  return entries;
}

/**
 * The fields a local file header and its central directory entry both carry, from "version needed"
 * (offset 4 in the one, 6 in the other) to the name's length; the flags, time and date stay 0.
 */
function writeEntryFields(b: Buffer, at: number, method: number, raw: Buffer, data: Buffer, name: Buffer): void {
  b.writeUInt16LE(20, at);
  b.writeUInt16LE(method, at + 4);
  b.writeUInt32LE(crc32(raw), at + 10);
  b.writeUInt32LE(data.length, at + 14);
  b.writeUInt32LE(raw.length, at + 18);
  b.writeUInt16LE(name.length, at + 22);
}

/**
 * A ZIP file of the given entries (deflated unless `stored`), for readers' tests: sizes and CRCs as a
 * writer puts them, so that whatever a test breaks is what it meant to break.
 */
export function zipOf(entries: { name: string; data: string | Buffer; stored?: boolean }[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const raw = typeof e.data === 'string' ? Buffer.from(e.data) : e.data;
    const data = e.stored ? raw : deflateRawSync(raw, { level: 9 });
    const name = Buffer.from(e.name);
    const head = Buffer.alloc(30);
    head.writeUInt32LE(0x04034b50, 0);
    writeEntryFields(head, 4, e.stored ? 0 : 8, raw, data, name);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    writeEntryFields(dir, 6, e.stored ? 0 : 8, raw, data, name);
    dir.writeUInt32LE(offset, 42);
    parts.push(head, name, data);
    central.push(dir, name);
    offset += 30 + name.length + data.length;
  }
  const dir = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, dir, end]);
}
