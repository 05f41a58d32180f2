import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { allMigrations, byCodePoint } from './migrate';

describe('migration order', () => {
  it('runs the migrations in the order they are declared, the order Kysely’s default comparator gave them', () => {
    for (const dialect of ['sqlite', 'postgres'] as const) {
      const names = Object.keys(allMigrations(dialect));
      expect(names.length).toBeGreaterThan(10);
      expect([...names].sort(byCodePoint)).toEqual(names);
      expect([...names].sort((a, b) => a.localeCompare(b))).toEqual(names);
    }
  });

  it('compares by code point', () => {
    expect(['0010-b', '0002-a', '0009-z', '0010-a'].sort(byCodePoint)).toEqual(['0002-a', '0009-z', '0010-a', '0010-b']);
    expect(byCodePoint('0001-x', '0001-x')).toBe(0);
  });
});

describe('the migrations folder', () => {
  it('has every numbered migration file registered, so none is skipped on a new or upgraded database', () => {
    const files = readdirSync(fileURLToPath(new URL('./migrations', import.meta.url)))
      .filter((f) => /^\d{4}-.*\.ts$/.test(f) && !f.endsWith('.test.ts'))
      .map((f) => f.replace(/\.ts$/, ''));
    expect(Object.keys(allMigrations('sqlite')).sort(byCodePoint)).toEqual(files.sort(byCodePoint));
  });
});
