#!/usr/bin/env node
// Sets whole top-level namespaces of the web app's three locale files from one JSON file:
//   node scripts/locale-merge.mjs texts.json
// where texts.json is {"<namespace>": {"zhCn": {...}, "zhHk": {...}, "en": {...}}, ...}.
// Each namespace given replaces the one in every locale file (others are left alone). A lock
// directory keeps two writers from interleaving their read-modify-write.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'apps', 'web', 'src', 'locales');
const input = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const lock = path.join(dir, '.merge-lock');
for (let i = 0; ; i++) {
  try {
    fs.mkdirSync(lock);
    break;
  } catch {
    if (i > 200) throw new Error(`locale files locked: remove ${lock} if no merge is running`);
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
  }
}
try {
  for (const lang of ['zhCn', 'zhHk', 'en']) {
    const file = path.join(dir, `${lang}.json`);
    const texts = JSON.parse(fs.readFileSync(file, 'utf8'));
    for (const [ns, byLang] of Object.entries(input)) {
      if (!byLang[lang]) throw new Error(`namespace ${ns} has no ${lang} texts`);
      texts[ns] = byLang[lang];
    }
    fs.writeFileSync(`${file}.tmp`, `${JSON.stringify(texts, null, 2)}\n`);
    fs.renameSync(`${file}.tmp`, file);
  }
} finally {
  fs.rmdirSync(lock);
}
console.log(`set ${Object.keys(input).join(', ')} in zhCn, zhHk, en`);
