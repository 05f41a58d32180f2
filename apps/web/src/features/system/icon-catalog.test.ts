import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PRODUCT_ICONS } from './icon-catalog';

const src = path.resolve(import.meta.dirname, '../..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.tsx?$/.test(name) && !name.endsWith('icon-catalog.ts') ? [full] : [];
  });
}

describe('the icon list', () => {
  it('holds exactly the icons the web sources import', () => {
    const used = new Set<string>();
    for (const file of sources(src)) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'@ant-design\/icons'/g)) {
        for (const part of (m[1] ?? '').split(',')) {
          const name = part
            .trim()
            .split(/\s+as\s+/)[0]
            ?.trim();
          if (name) used.add(name);
        }
      }
    }
    expect(Object.keys(PRODUCT_ICONS).sort()).toEqual([...used].sort());
  });
});
