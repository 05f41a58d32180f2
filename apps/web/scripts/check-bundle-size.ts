/**
 * Sums the gzip size of the JavaScript the browser loads for the sign-in page: the entry script of
 * dist/index.html and every chunk it preloads (all other screens are lazy). Fails above the budget.
 * Run after `vite build`: node --import tsx scripts/check-bundle-size.ts
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 250;
const dist = join(import.meta.dirname, '..', 'dist');
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const files = new Set<string>();
for (const match of html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)) if (match[1]) files.add(match[1]);
for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) if (match[1]) files.add(match[1]);

let total = 0;
for (const file of files) {
  const size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  total += size;
  console.log(`${(size / 1024).toFixed(2).padStart(8)} KB  ${file}`);
}
console.log(`${(total / 1024).toFixed(2).padStart(8)} KB  initial JS for /loginNew (gzip), budget ${BUDGET_KB} KB`);
if (total > BUDGET_KB * 1024) process.exitCode = 1;
