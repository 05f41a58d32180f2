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

export function parseCsv(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let startLine = 1;
  let i = 0;
  const endRecord = () => {
    cells.push(cell);
    if (cells.some((c) => c !== '')) records.push({ line: startLine, cells });
    cells = [];
    cell = '';
  };
  while (i < text.length) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i += 1;
        continue;
      }
      if (ch === '\n' || (ch === '\r' && text[i + 1] !== '\n')) line += 1;
      cell += ch;
      i += 1;
      continue;
    }
    if (ch === '"' && cell === '') {
      quoted = true;
      i += 1;
    } else if (ch === ',') {
      cells.push(cell);
      cell = '';
      i += 1;
    } else if (ch === '\r' || ch === '\n') {
      endRecord();
      i += ch === '\r' && text[i + 1] === '\n' ? 2 : 1;
      line += 1;
      startLine = line;
    } else {
      cell += ch;
      i += 1;
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
