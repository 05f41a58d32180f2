import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
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
    const c = loadConfig({ PORT: '9000', DATABASE_URL: 'postgresql://u:p@db/mbo', TRUST_PROXY: '1', SEED_ON_EMPTY: '0' }, '/x');
    expect(c).toMatchObject({ port: 9000, databaseUrl: 'postgresql://u:p@db/mbo', trustProxy: 1, seedOnEmpty: false });
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

  it('reads TRUST_PROXY as a number of proxies or their addresses, and refuses `true`, which let a client choose its address', () => {
    const trust = (v: string) => loadConfig({ TRUST_PROXY: v }, '/x').trustProxy;
    for (const off of ['', 'false', '0', 'off']) expect(trust(off), off).toBe(false);
    expect(trust('1')).toBe(1);
    expect(trust('2')).toBe(2);
    expect(trust('127.0.0.1')).toEqual(['127.0.0.1']);
    expect(trust(' 10.0.0.5, 192.168.0.0/16 ,fd00::/8, ::1, loopback ')).toEqual([
      '10.0.0.5',
      '192.168.0.0/16',
      'fd00::/8',
      '::1',
      'loopback',
    ]);
    for (const yes of ['true', 'TRUE', 'yes', 'on']) {
      expect(() => trust(yes), yes).toThrow(ConfigError);
      expect(() => trust(yes), yes).toThrow(/TRUST_PROXY=127\.0\.0\.1 .*TRUST_PROXY=1/);
    }
    for (const bad of ['11', '10.0.0.300', '10.0.0.0/33', '::1/129', '0.0.0.0/0', '::/0', 'nginx', '127.0.0.1,', '10.0.0.1/8/1', '-1']) {
      expect(() => trust(bad), bad).toThrow(/TRUST_PROXY/);
    }
    // What is accepted here, Fastify's proxy-addr takes too (a /0 range passed the first check and failed at start).
    for (const list of ['10.0.0.0/1', '::ffff:10.0.0.0/104, fe80::1%eth0, 10.0.0.1/32, ::1/128', 'linklocal, uniquelocal']) {
      const accepted = trust(list);
      expect(() => Fastify({ trustProxy: accepted as string[] }), list).not.toThrow();
    }
  });

  it('loads the demo data (and its known admin password) by default only outside production', () => {
    expect(loadConfig({}).seedOnEmpty).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).seedOnEmpty).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).seedOnEmpty).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED_ON_EMPTY: 'true' }).seedOnEmpty).toBe(true);
  });

  it('migrates at start unless told not to, and bounds the wait for a pool connection', () => {
    expect(loadConfig({})).toMatchObject({ migrateOnStart: true, databasePoolWaitMs: 5000 });
    expect(loadConfig({ MIGRATE_ON_START: 'false', DATABASE_POOL_WAIT_MS: '0' })).toMatchObject({
      migrateOnStart: false,
      databasePoolWaitMs: 0,
    });
    expect(() => loadConfig({ MIGRATE_ON_START: 'later' })).toThrow(/MIGRATE_ON_START must be true or false/);
    expect(() => loadConfig({ DATABASE_POOL_WAIT_MS: '-5' })).toThrow(/DATABASE_POOL_WAIT_MS/);
  });

  it('takes a card-fingerprint key long enough not to be guessed, or none', () => {
    expect(loadConfig({}).cardFingerprintKey).toBeNull();
    expect(loadConfig({ CARD_FINGERPRINT_KEY: ` ${'k'.repeat(32)} ` }).cardFingerprintKey).toBe('k'.repeat(32));
    expect(() => loadConfig({ CARD_FINGERPRINT_KEY: 'short-secret' })).toThrow(/CARD_FINGERPRINT_KEY must be 32 to 256 characters/);
  });

  it('every variable is listed in the server README', () => {
    const readme = fs.readFileSync(fileURLToPath(new URL('../README.md', import.meta.url)), 'utf8');
    for (const v of CONFIG_VARS) expect(readme).toContain(`\`${v.name}\``);
  });
});
