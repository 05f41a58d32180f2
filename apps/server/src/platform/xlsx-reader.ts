import { inflateRawSync } from 'node:zlib';
import type { CsvRecord } from './csv-reader';
import { zipEntries, type ZipEntry } from './uploads';

/**
 * Reads the first sheet of an XLSX file a merchant uploads (a batch file) as rows of text cells, the
 * same records as csv-reader.ts gives (`line` is the sheet's row number). Only what a batch needs:
 * shared strings, inline strings, numbers and formula results as text; no styles, no dates. Each
 * entry is inflated with a size bound, so a ZIP bomb fails instead of filling memory. Null when the
 * bytes are not a readable XLSX.
 */
export const XLSX_MAX_ENTRY_BYTES = 32 * 1024 * 1024;

function entryText(buf: Buffer, e: ZipEntry): string | null {
  const h = e.offset;
  if (h + 30 > buf.length || buf.readUInt32LE(h) !== 0x04034b50) return null;
  const start = h + 30 + buf.readUInt16LE(h + 26) + buf.readUInt16LE(h + 28);
  const data = buf.subarray(start, start + e.compressedSize);
  if (data.length !== e.compressedSize) return null;
  try {
    if (e.method === 0) return data.length <= XLSX_MAX_ENTRY_BYTES ? data.toString('utf8') : null;
    if (e.method === 8) return inflateRawSync(data, { maxOutputLength: XLSX_MAX_ENTRY_BYTES }).toString('utf8');
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

/** Whether the character at `i` ends an element name as `\b` reads it (not a letter, digit or `_`; the end of the text). */
function endsName(xml: string, i: number): boolean {
  const c = xml.charCodeAt(i);
  return !((c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39) || c === 0x5f);
}

/**
 * The `<name ...>...</name>` and `<name .../>` elements of `xml`, in order (`next()` moves to the
 * next one): the matches of `/<name\b([^>]*?)(?:\/>|>([\s\S]*?)<\/name>)/g`, found without a
 * regular expression. That expression, on an opening tag that is never closed, searches the rest of
 * the text for its end and then again from the next character: quadratic in a file of unclosed tags
 * (a 2.4 KB upload held the API thread for 52 s). Here each search goes forward only, and a search
 * that found nothing is not made again (no end after one position means none after any later one
 * either), so the elements are found in one pass. Unclosed tags are skipped, as the expression skipped
 * them. One cursor for all, rather than an object per element: a sheet can hold millions.
 */
class Elements {
  /** The current element's attributes text and its body (undefined when it closes itself). */
  attrs = '';
  body: string | undefined = undefined;
  private readonly open: string;
  private readonly close: string;
  private closeGone = false;
  private from = 0;
  constructor(
    private readonly xml: string,
    name: string,
  ) {
    this.open = `<${name}`;
    this.close = `</${name}>`;
  }
  next(): boolean {
    const { xml, open, close } = this;
    for (;;) {
      const p = xml.indexOf(open, this.from);
      if (p < 0) return false;
      const attrsAt = p + open.length;
      this.from = p + 1;
      if (!endsName(xml, attrsAt)) continue;
      const gt = xml.indexOf('>', attrsAt);
      // No `>` after this tag: no later tag can end either.
      if (gt < 0) return false;
      if (gt > attrsAt && xml.charCodeAt(gt - 1) === 0x2f) {
        this.attrs = xml.slice(attrsAt, gt - 1);
        this.body = undefined;
        this.from = gt + 1;
        return true;
      }
      const end = this.closeGone ? -1 : xml.indexOf(close, gt + 1);
      if (end < 0) {
        this.closeGone = true;
        continue;
      }
      this.attrs = xml.slice(attrsAt, gt);
      this.body = xml.slice(gt + 1, end);
      this.from = end + close.length;
      return true;
    }
  }
}

/**
 * Text of the `<t>` runs inside an element (a shared string or an inline string): the matches of
 * `/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>/g`. A run that does not end means that no later one does.
 */
function runsText(xml: string): string {
  let out = '';
  let from = 0;
  for (;;) {
    const p = xml.indexOf('<t', from);
    if (p < 0) return out;
    const after = xml[p + 2];
    const gt = after === '>' ? p + 2 : after !== undefined && /\s/.test(after) ? xml.indexOf('>', p + 3) : -2;
    if (gt === -2) {
      from = p + 1;
      continue;
    }
    const end = gt < 0 ? -1 : xml.indexOf('</t>', gt + 1);
    if (end < 0) return out;
    out += unescapeXml(xml.slice(gt + 1, end));
    from = end + 4;
  }
}

/** The first `<v>` value of a cell's body: what `/<v>([\s\S]*?)<\/v>/` captures. */
function valueOf(body: string): string | undefined {
  const start = body.indexOf('<v>');
  const end = start < 0 ? -1 : body.indexOf('</v>', start + 3);
  return end < 0 ? undefined : body.slice(start + 3, end);
}

/**
 * The shared strings table, read when a cell asks: the bodies of its `<si>` elements are located in one
 * pass (two numbers each) and a string's text is made the first time a kept cell names it. A table of
 * millions of strings (which a small compressed file can hold) costs no more than its positions, and
 * a string named by many cells is made once.
 */
class SharedStrings {
  private bounds = new Uint32Array(1024);
  private count = 0;
  private readonly made = new Map<number, string>();
  constructor(private readonly xml: string) {
    const open = '<si>';
    let from = 0;
    for (;;) {
      const p = xml.indexOf(open, from);
      if (p < 0) break;
      // An `<si>` never closed: no later one is either.
      const end = xml.indexOf('</si>', p + open.length);
      if (end < 0) break;
      if (this.count * 2 + 2 > this.bounds.length) {
        const grown = new Uint32Array(this.bounds.length * 2);
        grown.set(this.bounds);
        this.bounds = grown;
      }
      this.bounds[this.count * 2] = p + open.length;
      this.bounds[this.count * 2 + 1] = end;
      this.count += 1;
      from = end + 5;
    }
  }
  /** The text of string `index` (the cell's `<v>` as a number), or undefined when there is none. */
  get(index: number): string | undefined {
    if (!Number.isInteger(index) || index < 0 || index >= this.count) return undefined;
    let text = this.made.get(index);
    if (text === undefined) {
      text = runsText(this.xml.slice(this.bounds[index * 2], this.bounds[index * 2 + 1]));
      this.made.set(index, text);
    }
    return text;
  }
}

function columnIndex(ref: string): number {
  const letters = /^[A-Z]+/.exec(ref)?.[0] ?? '';
  // Four letters or more are past every column read (and past Excel's last, XFD).
  if (letters.length > 3) return Infinity;
  let n = 0;
  for (const ch of letters) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

/**
 * Rows with at least one non-blank cell, at most `maxRows` + 1 (more tell the caller that there are
 * too many); cells past column AY are left out. Time and memory are linear in the entries' size.
 */
export function readXlsxRows(buf: Buffer, maxRows: number): CsvRecord[] | null {
  const entries = zipEntries(buf);
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
  const shared = new SharedStrings(sharedXml);

  const records: CsvRecord[] = [];
  let rowNo = 0;
  const row = new Elements(sheet, 'row');
  while (row.next()) {
    // Most rows and cells of a sheet carry attributes; the empty ones (which a hostile file can hold
    // by the million) skip the expressions.
    const r = row.attrs === '' ? null : /\br="(\d+)"/.exec(row.attrs);
    rowNo = r ? Number(r[1]) : rowNo + 1;
    const cells: string[] = [];
    let next = 0;
    const cell = new Elements(row.body ?? '', 'c');
    while (cell.next()) {
      const attrs = cell.attrs;
      const ref = attrs === '' ? undefined : /\br="([A-Z]+\d+)"/.exec(attrs)?.[1];
      const col = ref ? columnIndex(ref) : next;
      if (col < 0 || col > 50) continue;
      const type = (attrs === '' ? undefined : /\bt="(\w+)"/.exec(attrs)?.[1]) ?? 'n';
      const body = cell.body ?? '';
      const v = valueOf(body);
      let text = '';
      if (type === 's') text = shared.get(Number(v)) ?? '';
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
