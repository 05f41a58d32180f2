import { API_BASE } from '@mbo/shared/api-paths';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { SchemaError } from './db/migrate';
import { describeDatabase, openDatabase } from './db/open';
import { DEMO_SIGN_IN } from './seed/demo';
import { seedWhenEmpty } from './seed/first-start';
import { scheduleDeadlineReminders } from './jobs/deadline-reminders';
import { scheduleIdempotencyPurge } from './jobs/idempotency-purge';
import { scheduleReportSchedules } from './jobs/report-schedules';
import { scheduleExportJobs } from './jobs/export-jobs';
import { scheduleSettlement } from './jobs/settlement';
import { scheduleWaybillReminders } from './jobs/waybill-reminders';
import { scheduleProgrammeWarnings } from './jobs/programme-warnings';
import { scheduleWebhookDelivery } from './jobs/webhook-delivery';
import { scheduleNotificationJobs } from './jobs/notification-checks';
import { webhookWorkerDeps } from './domains/webhooks/service';

async function main(): Promise<void> {
  const config = loadConfig();
  // Migrations (or, with MIGRATE_ON_START=false, the check that this build can serve the schema) and the
  // demo seed of an empty database run under the start-up lock: a node started beside this one waits.
  const handle = await openDatabase(config, seedWhenEmpty(config));
  if (handle.newer.length > 0)
    console.log(`database: migrations of a newer build applied, all declared compatible: ${handle.newer.join(', ')}; running on them`);

  const app = await buildApp({ config, db: handle.db });
  let closing = false;
  // Reply and alert deadlines: reminders 5 days and 24 hours before, checked every 10 minutes.
  const stopReminders = scheduleDeadlineReminders(handle.db, Date.now, (error) =>
    app.log.error({ err: error }, 'deadline reminders failed'),
  );
  // Delivery proof due within 3 days: one message reminder per merchant and business day.
  const stopWaybillReminders = scheduleWaybillReminders(handle.db, Date.now, (error) =>
    app.log.error({ err: error }, 'waybill reminders failed'),
  );
  // Card-scheme programmes: a line the month-end projection reaches is told once a month, checked every hour.
  const stopProgrammeWarnings = scheduleProgrammeWarnings(handle.db, app.notifier, Date.now, (error) =>
    app.log.error({ err: error }, 'programme warnings failed'),
  );
  const stopPurge = scheduleIdempotencyPurge(handle.db, Date.now, (error) => app.log.error({ err: error }, 'idempotency purge failed'));
  // Settlement batches and reserve releases of the current business day (domains/funds/README.md).
  const stopSettlement = scheduleSettlement(handle.db, Date.now, (error) => app.log.error({ err: error }, 'settlement failed'));
  // Payment notifications (domains/webhooks/README.md): the due ones every 2 s, on one node at a time.
  const stopWebhooks = scheduleWebhookDelivery(webhookWorkerDeps(app), (error) => app.log.error({ err: error }, 'webhook delivery failed'));
  // Scheduled reports (domains/schedules/README.md): the due ones every minute, on one node at a time.
  const stopReportSchedules = scheduleReportSchedules(app, (error) => app.log.error({ err: error }, 'scheduled reports failed'));
  // Background exports (domains/exports/README.md): queued ones every 5 s on every node; expiry on one node a minute.
  const stopExportJobs = scheduleExportJobs(app, Date.now, (error) => app.log.error({ err: error }, 'background exports failed'));
  // Notification centre (domains/notifications/README.md): waiting mails every minute, low balances every 10 minutes.
  const stopNotifications = scheduleNotificationJobs(handle.db, app.notifier, Date.now, (error) =>
    app.log.error({ err: error }, 'notification jobs failed'),
  );
  /*
   * Graceful stop (SIGTERM from an orchestrator, SIGINT from a terminal): readiness turns to 503 and the
   * listener closes at once, so no new connection is accepted; requests in flight run to their end and
   * get their answers, idle keep-alive connections are closed; what is still running after
   * SHUTDOWN_TIMEOUT_SECONDS has its connection cut. Then the notices still being sent finish, the
   * database closes and the process exits 0 (1 only when closing itself failed).
   */
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    stopReminders();
    stopWaybillReminders();
    stopProgrammeWarnings();
    stopPurge();
    stopSettlement();
    stopWebhooks();
    stopReportSchedules();
    stopExportJobs();
    stopNotifications();
    app.log.info({ signal, timeoutSeconds: config.shutdownTimeoutSeconds }, 'shutting down: finishing requests in flight');
    const deadline = setTimeout(() => {
      app.log.warn('shutdown timeout: cutting the connections still open');
      app.server.closeAllConnections();
    }, config.shutdownTimeoutSeconds * 1000);
    app
      .close()
      .then(() => clearTimeout(deadline))
      .then(() => handle.destroy())
      .then(() => {
        app.log.info('shut down');
        process.exit(0);
      })
      .catch((error: unknown) => {
        console.error(error);
        process.exit(1);
      });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const url = `http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${config.port}`;
  console.log(`Merchant back office listening on ${url} (API ${url}${API_BASE}, database ${describeDatabase(config.databaseUrl)})`);
  if (config.seedOnEmpty)
    console.log(`Demo sign-in: merchant ${DEMO_SIGN_IN.merchantNo} / ${DEMO_SIGN_IN.loginName} / ${DEMO_SIGN_IN.password}`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(`configuration error: ${error.message}`);
  else if (error instanceof SchemaError) console.error(`database schema: ${error.message}`);
  else console.error(error);
  process.exit(1);
});
