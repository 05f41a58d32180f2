import type { Generated } from 'kysely';

/* What the cross-cutting code keeps: idempotency keys, files stored in the database, job leases, the server's own keys. */

/** A claimed Idempotency-Key and, once done, the data of its answer (migration 0009). */
export interface IdempotencyKeysTable {
  id: Generated<number>;
  merchant_id: number;
  idem_key: string;
  /** Method and route pattern the key was first used on. */
  route: string;
  /** SHA-256 hex of the route and the canonical request. */
  fingerprint: string;
  /** 'processing' or 'done'. */
  status: string;
  /** JSON of the answer's data, when done. */
  response: string | null;
  created_at: number;
  /** When the current holder claimed it; a claim older than the in-flight lease may be taken over. */
  claimed_at: number;
}

/** File contents kept in the database (FILE_STORAGE=database), in chunks (migration 0009). */
export interface StoredFileChunksTable {
  storage_name: string;
  seq: number;
  data: Buffer;
}

/** Who runs a scheduled job now (migration 0009). */
export interface JobLeasesTable {
  name: string;
  holder: string;
  lease_until: number;
  last_run_at: number | null;
}

/** Keys the server made for itself (migration 0021): the card-fingerprint key without CARD_FINGERPRINT_KEY. */
export interface ServerKeysTable {
  name: string;
  secret: string;
  created_at: number;
}

/** The tables of this area, by name (composed into `Database`, db/types.ts). */
export interface PlatformTables {
  idempotency_keys: IdempotencyKeysTable;
  stored_file_chunks: StoredFileChunksTable;
  job_leases: JobLeasesTable;
  server_keys: ServerKeysTable;
}
