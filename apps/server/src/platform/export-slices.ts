/**
 * What the API thread and an export pool thread (export-pool.ts, export-worker.ts) say to each other
 * about a slice of an export: the job that rebuilds the export's columns and batches, the messages
 * either way, the window of batches a thread may send ahead, and the API thread's record of a slice
 * in flight. The messages cross postMessage, so they hold only cloneable data.
 */
import type { TLanguage } from '@mbo/shared/i18n';
import type { TExportFormat } from '@mbo/shared/list';
import type { Seek } from './list';

/** What a worker needs to rebuild an export's columns and batches. */
export type SliceJob = {
  path: string;
  body: unknown;
  lang: TLanguage;
  timezone: string;
  now: number;
  scope: { merchantId: number; adminId: number | null; gatewayIds: readonly number[] | null };
  databaseUrl: string;
  statementTimeoutMs: number;
  preparedStatements: number;
  format: TExportFormat;
  /** XLSX: data rows per sheet (a slice's rows are numbered from its position in the walk). */
  maxRowsPerSheet: number;
};

/** What a thread sends back: bytes of the file; for XLSX a deflate segment of one sheet, with the CRC and length of its XML. */
export type SliceChunk = { data: Buffer; crc: number; size: number; sheet: number };

export type ToWorker =
  | { type: 'slice'; id: number; job: SliceJob; from: Seek; until: Seek | null; first: number; window: number }
  | { type: 'ack'; id: number }
  | { type: 'cancel'; id: number };

export type FromWorker =
  | { type: 'chunk'; id: number; data: Uint8Array; crc: number; size: number; sheet: number }
  | { type: 'done'; id: number; rows: number }
  | { type: 'error'; id: number; message: string };

/** Batches (of 1,000 rows) a worker may send ahead of the writer. */
export const WINDOW = 32;

/** A slice in flight: the chunks received and not written yet, and whether the worker is done with it. */
export class SliceState {
  readonly chunks: SliceChunk[] = [];
  done = false;
  /** Rows the thread read (when done). */
  rows = 0;
  error: Error | null = null;
  private wake: (() => void) | null = null;
  private send: ((m: ToWorker) => void) | null = null;
  private cancelled = false;
  constructor(
    readonly id: number,
    /** Where the slice ends (null: the last slice). */
    readonly until: Seek | null,
  ) {}
  /** The slice got its worker. */
  attach(send: (m: ToWorker) => void): void {
    this.send = send;
    if (this.cancelled) send({ type: 'cancel', id: this.id });
  }
  notify(): void {
    const w = this.wake;
    this.wake = null;
    w?.();
  }
  changed(): Promise<void> {
    return new Promise((resolve) => {
      this.wake = resolve;
    });
  }
  ack(): void {
    this.send?.({ type: 'ack', id: this.id });
  }
  cancel(): void {
    this.cancelled = true;
    this.send?.({ type: 'cancel', id: this.id });
  }
}
