import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LANG_HEADER_VALUES } from '@mbo/shared/i18n';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/open';
import { OPENAPI_PATH } from '../platform/openapi';

const USAGE = `Usage: node --import tsx apps/server/src/cli/openapi.ts [FILE] [--lang ${LANG_HEADER_VALUES.join('|')}]

Writes the OpenAPI document of /v3api to FILE (standard output without one), as the server serves it,
without listening on a port: the app is built on a temporary SQLite database that is removed afterwards.`;

function parseArgs(args: string[]): { file: string | null; lang: string } | string {
  let file: string | null = null;
  let lang: string = LANG_HEADER_VALUES[0];
  for (let i = 0; i < args.length; i += 1) {
    const a = args[i] ?? '';
    if (a === '--lang') {
      const value = args[i + 1] ?? '';
      if (!(LANG_HEADER_VALUES as readonly string[]).includes(value)) return `--lang needs one of ${LANG_HEADER_VALUES.join(', ')}`;
      lang = value;
      i += 1;
    } else if (a === '--help' || a === '-h') return USAGE;
    else if (a.startsWith('-') || file !== null) return `unknown argument: ${a}`;
    else file = a;
  }
  return { file, lang };
}

async function main(): Promise<number> {
  const parsed = parseArgs(process.argv.slice(2));
  if (typeof parsed === 'string') {
    console.error(parsed === USAGE ? USAGE : `${parsed}\n\n${USAGE}`);
    return parsed === USAGE ? 0 : 2;
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mbo-openapi-'));
  const config = {
    ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'error', SEED_ON_EMPTY: 'false' }),
    webDist: path.join(dataDir, 'no-web'),
  };
  const handle = await openDatabase(config);
  try {
    const app = await buildApp({ config, db: handle.db });
    try {
      const res = await app.inject({ method: 'GET', url: `${OPENAPI_PATH}?lang=${parsed.lang}` });
      if (res.statusCode !== 200) throw new Error(`${OPENAPI_PATH} answered HTTP ${res.statusCode}: ${res.body.slice(0, 200)}`);
      const doc = JSON.parse(res.body) as { paths: Record<string, object> };
      const text = `${JSON.stringify(doc, null, 2)}\n`;
      if (parsed.file === null) process.stdout.write(text);
      else {
        fs.mkdirSync(path.dirname(path.resolve(parsed.file)), { recursive: true });
        fs.writeFileSync(parsed.file, text);
        const operations = Object.values(doc.paths).reduce((n, item) => n + Object.keys(item).length, 0);
        console.log(`openapi: ${operations} operations on ${Object.keys(doc.paths).length} paths written to ${parsed.file}`);
      }
    } finally {
      await app.close();
    }
  } finally {
    await handle.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
