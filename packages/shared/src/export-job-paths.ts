/*
 * Paths of the background exports and the threshold the export buttons read, apart from their schemas
 * (./export-jobs): the app's frame and the list kit name these and must not bring the schemas (and what
 * they import) into the first script or every list's chunk.
 */

/**
 * Exports run in the background (issue 46 §5; apps/server/src/domains/exports/README.md): any list's
 * export made by the server while the merchant goes on working, then downloaded from "Recent exports".
 * Paths under /v3api; every route answers the caller's own exports only.
 */
export const ExportJobPath = {
  /** POST ZExportJobStart: queue the export the list's button would make (its path and body). */
  start: '/exportJob/start',
  /** GET: the caller's recent exports, newest first. */
  list: '/exportJob/list',
  /** POST {id}: stop a queued or running export (no file is kept). */
  cancel: '/exportJob/cancel',
  /** POST {id}: the file of a finished export (the export's permission and gateways are checked again). */
  download: '/exportJob/download',
} as const;

/** The web page of the recent exports (the bell's notice opens it). */
export const EXPORT_JOBS_PAGE = '/exports/recent';

/** The screens offer the background first when the list holds more rows than this (or says "more than N"). */
export const EXPORT_BACKGROUND_ROWS = 50_000;
