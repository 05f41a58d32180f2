import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const srcDir = import.meta.dirname;

describe('export worker script', () => {
  it('imports every module that declares an export, so an export pool thread finds each one by its path', () => {
    const script = readFileSync(path.join(srcDir, 'export-worker.ts'), 'utf8');
    const declaring = readdirSync(path.join(srcDir, 'domains'), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .filter((file) => readFileSync(path.join(srcDir, 'domains', file), 'utf8').includes('defineExport('))
      .map((file) => `./domains/${file.replace(/\.ts$/, '').split(path.sep).join('/')}`);
    expect(declaring.length).toBeGreaterThanOrEqual(7);
    for (const module of declaring) expect(script, module).toContain(`import '${module}';`);
    // The texts of every domain: labels and headers in the export's language.
    expect(script).toContain(`import './messages';`);
  });
});
