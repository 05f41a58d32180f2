import { inflateRawSync } from 'node:zlib';
import type { CsvRecord } from './csv-reader';

/**
 * Reads the first sheet of an XLSX file a merchant uploads (a batch file) as rows of text cells, the
 * same records as csv-reader.ts gives (`line` is the sheet's row number). Only what a batch needs:
 * shared strings, inline strings, numbers and formula results as text; no styles, no dates. Each
 * entry is inflated with a size bound, so a ZIP bomb fails instead of filling memory. Null when the
 * bytes are not a readable XLSX.
 */
const MAX_ENTRY_BYTES = 32 * 1024 * 1024;

type ZipEntry = { name: string; method: number; compressedSize: number; offset: number };

function centralDirectory(buf: Buffer): ZipEntry[] | null {
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

function entryText(buf: Buffer, e: ZipEntry): string | null {
  const h = e.offset;
  if (h + 30 > buf.length || buf.readUInt32LE(h) !== 0x04034b50) return null;
  const start = h + 30 + buf.readUInt16LE(h + 26) + buf.readUInt16LE(h + 28);
  const data = buf.subarray(start, start + e.compressedSize);
  if (data.length !== e.compressedSize) return null;
  try {
    if (e.method === 0) return data.length <= MAX_ENTRY_BYTES ? data.toString('utf8') : null;
    if (e.method === 8) return inflateRawSync(data, { maxOutputLength: MAX_ENTRY_BYTES }).toString('utf8');
  } catch {
    return null;
  }
  return null;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function unescapeXml(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isInteger(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return ENTITIES[name] ?? whole;
  });
}

/** Text of the `<t>` runs inside an element (a shared string or an inline string). */
function runsText(xml: string): string {
  let out = '';
  for (const m of xml.matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>/g)) out += unescapeXml(m[1] ?? '');
  return out;
}

function columnIndex(ref: string): number {
  const letters = /^[A-Z]+/.exec(ref)?.[0] ?? '';
  let n = 0;
  for (const ch of letters) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

export function readXlsxRows(buf: Buffer, maxRows: number): CsvRecord[] | null {
  const entries = centralDirectory(buf);
  if (!entries) return null;
  const byName = new Map(entries.map((e) => [e.name, e]));
  const sheetEntry =
    byName.get('xl/worksheets/sheet1.xml') ??
    entries.filter((e) => /^xl\/worksheets\/[^/]+\.xml$/.test(e.name)).sort((a, b) => (a.name < b.name ? -1 : 1))[0];
  if (!sheetEntry) return null;
  const sheet = entryText(buf, sheetEntry);
  if (sheet === null) return null;
  const sharedEntry = byName.get('xl/sharedStrings.xml');
  const sharedXml = sharedEntry ? entryText(buf, sharedEntry) : '';
  if (sharedXml === null) return null;
  const shared = [...sharedXml.matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) => runsText(m[1] ?? ''));

  const records: CsvRecord[] = [];
  let rowNo = 0;
  for (const rm of sheet.matchAll(/<row\b([^>]*?)(?:\/>|>([\s\S]*?)<\/row>)/g)) {
    const r = /\br="(\d+)"/.exec(rm[1] ?? '');
    rowNo = r ? Number(r[1]) : rowNo + 1;
    const cells: string[] = [];
    let next = 0;
    for (const cm of (rm[2] ?? '').matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const attrs = cm[1] ?? '';
      const ref = /\br="([A-Z]+\d+)"/.exec(attrs)?.[1];
      const col = ref ? columnIndex(ref) : next;
      if (col < 0 || col > 50) continue;
      const type = /\bt="(\w+)"/.exec(attrs)?.[1] ?? 'n';
      const body = cm[2] ?? '';
      const v = /<v>([\s\S]*?)<\/v>/.exec(body)?.[1];
      let text = '';
      if (type === 's') text = shared[Number(v)] ?? '';
      else if (type === 'inlineStr') text = runsText(body);
      else text = v === undefined ? '' : unescapeXml(v);
      while (cells.length < col) cells.push('');
      cells[col] = text;
      next = col + 1;
    }
    if (cells.some((c) => c.trim() !== '')) records.push({ line: rowNo, cells });
    if (records.length > maxRows) break;
  }
  return records;
}
