/**
 * The script of an upload's reading thread (platform/upload-parse.ts): reads the one file it was
 * started with and sends its records back. Only the readers, not the app: the thread starts quickly.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { decodeUploadText, parseCsv, parseLines, type CsvRecord } from './platform/csv-reader';
import type { UploadParseJob, UploadParseMessage } from './platform/upload-parse';
import { readXlsxRows } from './platform/xlsx-reader';

function read({ parse, content, maxRows }: UploadParseJob): CsvRecord[] | null {
  if (parse === 'xlsx')
    return typeof content === 'string' ? null : readXlsxRows(Buffer.from(content.buffer, content.byteOffset, content.byteLength), maxRows);
  // Text the request carried has no byte-order mark to keep either.
  const text =
    typeof content === 'string'
      ? content.replace(/^\uFEFF/, '')
      : decodeUploadText(Buffer.from(content.buffer, content.byteOffset, content.byteLength));
  if (text === null) return null;
  // More records than the caller can use are not sent back (copying them would be the API thread's work).
  return (parse === 'csv' ? parseCsv(text) : parseLines(text)).slice(0, maxRows + 1);
}

const port = parentPort;
if (port) {
  const { job } = workerData as { job: UploadParseJob };
  port.postMessage({ type: 'started' } satisfies UploadParseMessage);
  const started = performance.now();
  const records = read(job);
  port.postMessage({ type: 'done', records, ms: performance.now() - started } satisfies UploadParseMessage);
}
