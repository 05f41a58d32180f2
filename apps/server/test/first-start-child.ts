// A server's first start as main.ts makes it (migrations, then the demo seed of the empty database under the
// start-up lock) that stops for good in the middle of the seed, after its first chunk of transactions is
// written and the indexes the bulk load drops are gone: where a kill -9, or a liveness probe during a long
// first start, meets it. It prints a line there and waits for the test to kill it.
import fs from 'node:fs';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/open';
import { seedWhenEmpty } from '../src/seed/first-start';

const config = loadConfig();
await openDatabase(
  config,
  seedWhenEmpty(config, {
    onProgress: () => {
      fs.writeSync(1, 'seed: first chunk written\n');
      // Holds the process where it is (the event loop too, so nothing after this chunk runs) until it is killed.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
    },
  }),
);
