import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARS, ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('runs out of the box with the documented defaults', () => {
    const c = loadConfig({}, '/srv/mbo');
    expect(c).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/srv/mbo/data',
      databaseUrl: 'sqlite:/srv/mbo/data/mbo.sqlite',
      sessionIdleMinutes: 30,
      sessionMaxHours: 12,
      shutdownTimeoutSeconds: 10,
      logLevel: 'info',
      seedOnEmpty: true,
      demoTransactions: 200_000,
      trustProxy: false,
    });
    expect(c.webDist.endsWith(path.join('apps', 'web', 'dist'))).toBe(true);
  });

  it('reads overrides and rejects bad values with a clear message', () => {
    const c = loadConfig({ PORT: '9000', DATABASE_URL: 'postgresql://u:p@db/mbo', TRUST_PROXY: 'true', SEED_ON_EMPTY: '0' }, '/x');
    expect(c).toMatchObject({ port: 9000, databaseUrl: 'postgresql://u:p@db/mbo', trustProxy: true, seedOnEmpty: false });
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
    expect(loadConfig({ SESSION_MAX_HOURS: '8', SHUTDOWN_TIMEOUT_SECONDS: '30' }, '/x')).toMatchObject({
      sessionMaxHours: 8,
      shutdownTimeoutSeconds: 30,
    });
    expect(() => loadConfig({ SESSION_MAX_HOURS: '0' })).toThrow(/SESSION_MAX_HOURS/);
    expect(loadConfig({ DEMO_TRANSACTIONS: '20000' }, '/x').demoTransactions).toBe(20_000);
    expect(() => loadConfig({ DEMO_TRANSACTIONS: '-1' })).toThrow(/DEMO_TRANSACTIONS/);
  });

  it('every variable is listed in the server README', () => {
    const readme = fs.readFileSync(fileURLToPath(new URL('../README.md', import.meta.url)), 'utf8');
    for (const v of CONFIG_VARS) expect(readme).toContain(`\`${v.name}\``);
  });
});
