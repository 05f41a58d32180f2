// `npm run bench -- <name>` starts here. Several benchmarks call the API inside their own process
// (`app.inject`), so they run under the V8 flags the production server runs with (package.json "serve",
// e.g. its young-generation cap): the garbage collection they measure is the server's.
import { spawnSync } from 'node:child_process';
import { SERVER_NODE_ARGS } from '../scripts/server-command.mjs';

const v8Flags = SERVER_NODE_ARGS.filter((a) => a.startsWith('--'));
console.log(`bench process: node ${v8Flags.join(' ')} (the flags of package.json "serve")`);
const res = spawnSync(process.execPath, [...v8Flags, '--import', 'tsx', 'run.ts', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(res.status ?? 1);
