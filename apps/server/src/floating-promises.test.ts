import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

/*
 * The whole-program rule of the lint that oxlint runs with the types (.oxlintrc.json, before ESLint in
 * `npm run lint:code`): a promise nobody awaits, whose failure would pass unseen (a refund reported done
 * whose write failed). Run with the repository's configuration on files written to a folder of their own,
 * so that a rule renamed or a plugin lost fails here instead of letting the check go quietly.
 */

const root = path.resolve(import.meta.dirname, '../../..');
const dir = mkdtempSync(path.join(os.tmpdir(), 'mbo-oxlint-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type TDiagnostic = { code: string; filename: string; labels: { span: { line: number } }[] };

/** The findings of the lint for `code` as a file of its own. */
async function findings(name: string, code: string): Promise<{ code: string; line: number | undefined }[]> {
  const file = path.join(dir, name);
  writeFileSync(file, code);
  const bin = path.join(root, 'node_modules', '.bin', 'oxlint');
  const args = ['-c', path.join(root, '.oxlintrc.json'), '--type-aware', '--format=json', file];
  // oxlint exits 1 when it finds something: the report is on stdout either way.
  const out = await promisify(execFile)(bin, args, { cwd: root }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
  const report = JSON.parse(out.stdout) as { diagnostics: TDiagnostic[] };
  return report.diagnostics.map((d) => ({ code: d.code, line: d.labels[0]?.span.line }));
}

const refund = 'async function refund(): Promise<void> {}\n';

describe('promises left floating', () => {
  it('are refused', async () => {
    expect(await findings('floating.ts', `${refund}export function onConfirm(): void {\n  refund();\n}\n`)).toEqual([
      { code: 'typescript(no-floating-promises)', line: 3 },
    ]);
  });

  it('are taken when awaited, handled or marked as ignored', async () => {
    const code = `${refund}export async function a(): Promise<void> {\n  await refund();\n}\nexport function b(): void {\n  refund().catch(() => undefined);\n  void refund();\n}\n`;
    expect(await findings('handled.ts', code)).toEqual([]);
  });
});
