/**
 * Reading the text files merchants upload (batch files of websites and waybills): RFC 4180 CSV with
 * the habits of spreadsheets (a UTF-8 byte-order mark, CRLF, LF or CR line ends, quoted fields holding
 * commas, quotes and line breaks), or plain text with one value per line.
 *
 * Each record keeps the line it started on, so a refusal can name it. Records whose cells are all
 * empty (blank lines) are dropped. Never throws on content: an unterminated quote ends the record at
 * the end of the file and is reported through `unterminated`.
 */
export type CsvRecord = { line: number; cells: string[]; unterminated?: true };

const COMMA = 0x2c;
const QUOTE = 0x22;
const CR = 0x0d;
const LF = 0x0a;

/** Text of an upload: null when the bytes are not UTF-8 text (a NUL byte or an invalid sequence). */
export function decodeUploadText(content: Buffer): string | null {
  if (content.includes(0)) return null;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(content);
  } catch {
    return null;
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * The records of CSV text. Runs of ordinary characters and quoted text are taken as slices, never a
 * character at a time: a field of megabytes costs a few concatenations, where adding it character by
 * character built millions of intermediate strings.
 */
export function parseCsv(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let startLine = 1;
  let i = 0;
  const n = text.length;
  const endRecord = () => {
    cells.push(cell);
    if (cells.some((c) => c !== '')) records.push({ line: startLine, cells });
    cells = [];
    cell = '';
  };
  while (i < n) {
    if (quoted) {
      // The quoted text runs to the first quote not doubled (or to the end of the file), taken as the
      // slices between its doubled quotes, each with one quote, joined once.
      let from = i;
      let close = text.indexOf('"', i);
      let pieces: string[] | null = null;
      while (close >= 0 && text.charCodeAt(close + 1) === QUOTE) {
        (pieces ??= []).push(text.slice(from, close + 1));
        from = close + 2;
        close = text.indexOf('"', from);
      }
      const stop = close < 0 ? n : close;
      // Line breaks inside the quotes move the line count: LF, and CR not followed by LF.
      for (let k = i; k < stop; k += 1) {
        const c = text.charCodeAt(k);
        if (c === LF || (c === CR && text.charCodeAt(k + 1) !== LF)) line += 1;
      }
      cell += pieces ? pieces.join('') + text.slice(from, stop) : text.slice(from, stop);
      quoted = close < 0;
      i = stop + 1;
      continue;
    }
    const ch = text.charCodeAt(i);
    if (ch === QUOTE && cell === '') {
      quoted = true;
      i += 1;
    } else if (ch === COMMA) {
      cells.push(cell);
      cell = '';
      i += 1;
    } else if (ch === CR || ch === LF) {
      endRecord();
      i += ch === CR && text.charCodeAt(i + 1) === LF ? 2 : 1;
      line += 1;
      startLine = line;
    } else {
      // Up to the next comma or line break: the field is not empty from here on, so a quote is text.
      let j = i + 1;
      while (j < n) {
        const c = text.charCodeAt(j);
        if (c === COMMA || c === CR || c === LF) break;
        j += 1;
      }
      cell += text.slice(i, j);
      i = j;
    }
  }
  if (quoted) {
    cells.push(cell);
    records.push({ line: startLine, cells, unterminated: true });
  } else if (cell !== '' || cells.length > 0) {
    endRecord();
  }
  return records;
}

/** Plain text: one value per non-blank line, trimmed. */
export function parseLines(text: string): CsvRecord[] {
  const out: CsvRecord[] = [];
  text.split(/\r\n|\r|\n/).forEach((raw, index) => {
    const value = raw.trim();
    if (value !== '') out.push({ line: index + 1, cells: [value] });
  });
  return out;
}
