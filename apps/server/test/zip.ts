import { crc32, inflateRawSync } from 'node:zlib';
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
