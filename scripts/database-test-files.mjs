// Which server test files touch a database, computed from their imports so that a new file is
// classified without a list to keep: a file does when its runtime imports reach the test database
// helper (apps/server/test/test-db.ts, the one way a test gets a database) or when it reads
// TEST_DATABASE_URL itself. The other files (rules, parsers, writers, texts) run the same code on
// either database, so the PostgreSQL stage leaves them to the SQLite one.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

// Relative runtime imports: static (also multi-line and side-effect only) and dynamic with a literal
// path. `import type` is left out: it is erased and opens nothing.
const RELATIVE_IMPORT =
  /(?:^|[\n;])\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s*)?['"](\.{1,2}\/[^'"]+)['"]|\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

function resolveImport(fromFile, specifier) {
  const base = path.resolve(path.dirname(fromFile), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

function testFilesUnder(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFilesUnder(full);
    return entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** Test files of the server workspace at `serverDir` that touch a database, relative to it, sorted. */
export function databaseTestFiles(serverDirectory) {
  const serverDir = path.resolve(serverDirectory);
  const helper = path.join(serverDir, 'test', 'test-db.ts');
  const sources = new Map(); // file -> its resolved runtime imports, read once

  function importsOf(file) {
    let targets = sources.get(file);
    if (!targets) {
      targets = [...readFileSync(file, 'utf8').matchAll(RELATIVE_IMPORT)]
        .map((match) => resolveImport(file, match[1] ?? match[2]))
        .filter((target) => target !== null);
      sources.set(file, targets);
    }
    return targets;
  }

  function reachesHelper(start) {
    const seen = new Set([start]);
    const pending = [start];
    while (pending.length) {
      const file = pending.pop();
      if (file === helper) return true;
      for (const target of importsOf(file)) {
        if (!seen.has(target)) {
          seen.add(target);
          pending.push(target);
        }
      }
    }
    return false;
  }

  return [...testFilesUnder(path.join(serverDir, 'src')), ...testFilesUnder(path.join(serverDir, 'test'))]
    .filter((file) => readFileSync(file, 'utf8').includes('TEST_DATABASE_URL') || reachesHelper(file))
    .map((file) => path.relative(serverDir, file).split(path.sep).join('/'))
    .sort();
}
