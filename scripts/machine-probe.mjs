// The machine's speed now (issue 13 §9): a fixed loop of 3 million small objects made and written as
// JSON, in a process of its own (no JIT state of the caller's), in seconds. On this machine kind it
// took 0.75-0.95 s in quick phases, 1.5-2.1 s in slow ones and once 4.1 s (bench/RESULTS.md). The bench
// prints it beside its figures; `npm test` holds its time budget against it (scripts/test-budget.mjs).
import { execFileSync } from 'node:child_process';

const LOOP =
  "const t=performance.now();let n=0;for(let i=0;i<3e6;i++){n+=JSON.stringify({id:i,name:'row'+i,amount:i*3}).length}process.stdout.write(String((performance.now()-t)/1000)+' '+n)";

/** Seconds the probe's loop took. */
export function machineProbeSeconds() {
  const [seconds] = execFileSync(process.execPath, ['-e', LOOP]).toString().split(' ');
  return Number(seconds);
}
