import { API_BASE } from '@mbo/shared/api-paths';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { describeDatabase, openDatabase } from './db/open';
import { DEMO_SIGN_IN, isDatabaseEmpty, seedDemo } from './db/seed/demo';
import { scheduleDeadlineReminders } from './jobs/deadline-reminders';

async function main(): Promise<void> {
  const config = loadConfig();
  const handle = await openDatabase(config);
  if (config.seedOnEmpty && (await isDatabaseEmpty(handle.db))) {
    const summary = await seedDemo(handle.db, Date.now());
    for (const line of summary.lines) console.log(`seed: ${line}`);
  }

  const app = await buildApp({ config, db: handle.db });
  let closing = false;
  // Reply and alert deadlines: reminders 5 days and 24 hours before, checked every 10 minutes.
  const stopReminders = scheduleDeadlineReminders(handle.db, Date.now, (error) =>
    app.log.error({ err: error }, 'deadline reminders failed'),
  );
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    stopReminders();
    app.log.info({ signal }, 'shutting down');
    app
      .close()
      .then(() => handle.destroy())
      .then(() => process.exit(0))
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
  console.log(`Demo sign-in: merchant ${DEMO_SIGN_IN.merchantNo} / ${DEMO_SIGN_IN.loginName} / ${DEMO_SIGN_IN.password}`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(`configuration error: ${error.message}`);
  else console.error(error);
  process.exit(1);
});
