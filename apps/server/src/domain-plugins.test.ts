import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOMAIN_PLUGINS } from './app';

const domainsDir = path.join(import.meta.dirname, 'domains');

describe('domain plugins', () => {
  it("registers the plugin of every domain folder's routes.ts, once, from DOMAIN_PLUGINS", async () => {
    const domains = readdirSync(domainsDir).filter((name) => existsSync(path.join(domainsDir, name, 'routes.ts')));
    expect(domains.length).toBeGreaterThan(0);
    const listed: readonly unknown[] = DOMAIN_PLUGINS;
    for (const name of domains) {
      const exported: Record<string, unknown> = await import(path.join(domainsDir, name, 'routes.ts'));
      expect(Object.values(exported).filter((value) => listed.includes(value)).length, name).toBe(1);
    }
    expect(DOMAIN_PLUGINS.length).toBe(domains.length);
  });
});
