/**
 * Sums the gzip size of the JavaScript the browser loads for the sign-in page: the entry script of
 * dist/index.html, every chunk it preloads (all other screens are lazy) and the sign-in texts of one
 * language, which main.tsx fetches before the first render (build/locale-parts.ts; the largest
 * language is counted, so the figure holds whatever the visitor's language). Fails above the budget.
 * Run after `vite build`: node --import tsx scripts/check-bundle-size.ts (DIST=<dir> for another build output).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 250;
const LANGUAGES = ['zhCn', 'zhHk', 'en'];
const dist = process.env.DIST ?? join(import.meta.dirname, '..', 'dist');
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const files = new Set<string>();
for (const match of html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)) if (match[1]) files.add(match[1]);
for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) if (match[1]) files.add(match[1]);

const gzipKb = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;

let total = 0;
for (const file of files) {
  const size = gzipKb(file);
  total += size;
  console.log(`${(size / 1024).toFixed(2).padStart(8)} KB  ${file}`);
}

// The sign-in text chunks, read from Vite's manifest (build.manifest in vite.config.ts).
const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error('dist/.vite/manifest.json is missing: build with build.manifest on');
  process.exitCode = 1;
} else {
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, { file: string }>;
  const locales = LANGUAGES.map(
    (lang) => Object.entries(manifest).find(([source]) => source.endsWith(`src/locales/${lang}.json?signIn`))?.[1].file,
  ).filter((file): file is string => Boolean(file));
  if (locales.length !== LANGUAGES.length) {
    console.error(`sign-in text chunks not found in the manifest (found ${locales.length} of ${LANGUAGES.length})`);
    process.exitCode = 1;
  }
  const sizes = locales.map((file) => ({ file: `/${file}`, size: gzipKb(file) })).sort((a, b) => b.size - a.size);
  const largest = sizes[0];
  if (largest && !files.has(largest.file)) {
    total += largest.size;
    console.log(
      `${(largest.size / 1024).toFixed(2).padStart(8)} KB  ${largest.file} (sign-in texts of one language, the largest of ${sizes.length})`,
    );
  }
}

console.log(`${(total / 1024).toFixed(2).padStart(8)} KB  initial JS for /loginNew (gzip), budget ${BUDGET_KB} KB`);
if (total > BUDGET_KB * 1024) process.exitCode = 1;
