/**
 * The script of an export pool thread (platform/export-pool.ts): the texts of every domain and the
 * route modules that declare exports (defineExport), then the loop that reads slices
 * (platform/export-worker.ts). Only these modules, not the app: a thread starts in about 0.2 s.
 * export-worker.test.ts checks that every module that declares an export is imported here.
 */
// The texts of every domain (labels and headers in the export's language), as buildApp has them.
import './messages';
import './domains/disputes/routes';
import './domains/funds/routes';
import './domains/reports/daily-export';
import './domains/refunds/routes';
import './domains/system/operation-log-routes';
import './domains/transactions/routes';
import './domains/waybills/routes';
import './domains/websites/routes';
import { serveExportSlices } from './platform/export-worker';

serveExportSlices();
