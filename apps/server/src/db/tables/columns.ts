/**
 * What every table's columns share. Portable across SQLite and PostgreSQL: integer ids, UTC epoch-millisecond
 * timestamps in bigint columns, 0/1 integer flags, money as integer minor units.
 */
export type Flag = 0 | 1;

/** What a table of uploaded files records of each file: as it came, and where the file storage keeps it. */
export interface UploadedFileColumns {
  original_name: string;
  mime: string;
  size: number;
  sha256: string;
  /** Server-generated file name in the file storage (platform/storage.ts). */
  storage_name: string;
}
