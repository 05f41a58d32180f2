import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { classifyNamespaces } from '../build/locale-parts';

const src = join(import.meta.dirname);
const namespaces = Object.keys(JSON.parse(readFileSync(join(src, 'locales', 'zhCn.json'), 'utf8')) as Record<string, unknown>);
const parts = classifyNamespaces(src, namespaces);

describe('which texts travel with every screen (build/locale-parts.ts)', () => {
  it('keeps the frame’s own texts in the shell', () => {
    for (const ns of ['menu', 'layout', 'module']) expect(parts.get(ns), ns).toEqual(['shell']);
  });

  it('sends the list kit’s views bar and schedule dialog texts with the list screens, not with every screen', () => {
    expect(parts.get('listView')).toContain('area=transactions');
    expect(parts.get('listView')).not.toContain('shell');
    expect(parts.get('reportSchedules')).toEqual(expect.arrayContaining(['area=transactions', 'area=system']));
    expect(parts.get('reportSchedules')).not.toContain('shell');
  });

  it('sends a shared module’s texts with the screens that use it', () => {
    expect(parts.get('kyc')).not.toContain('shell');
    expect(parts.get('funds')).toContain('area=funds');
    expect(parts.get('funds')).not.toContain('shell');
  });

  it('never leaves the dashboard’s texts out of its own area', () => {
    expect(parts.get('dashboard')).toEqual(['area=dashboard']);
  });
});
