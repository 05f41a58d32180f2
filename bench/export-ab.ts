// `npm run bench -- export-ab --before <checkout> [--format csv|xlsx] [--rounds N] [--total N --main N --seed N]`:
// the transaction export of this checkout beside the one of another checkout (a build from before a
// change), in one sitting. Each build reads its own SQLite bench database (a breaking migration keeps
// an older build from starting on a newer file): build both first with
// `npm run bench -- transactions --only sqlite --cases export --total N --main N` in each checkout,
// and `npm run build` in the other one. The two exports alternate, round by round, so a change in the
// machine's load falls on both; each line prints the load beside the wall and CPU seconds, and the last
// line the ratios of the medians (this checkout over the other).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './bench-figures';
import { benchDataDir, readMeta, sizeKey, type BenchSize } from './trade-data';
import { exportRun, rangeFor } from './transactions-http';

type Options = BenchSize & { before: string; format: 'csv' | 'xlsx'; rounds: number };

function parse(args: string[]): Options {
  const o: Options = { total: 5_000_000, main: 2_000_000, seed: 1, before: '', format: 'csv', rounds: 3 };
  for (let i = 0; i < args.length; i += 2) {
    const [k, v] = [args[i], args[i + 1] ?? ''];
    if (k === '--before') o.before = path.resolve(v);
    else if (k === '--format' && (v === 'csv' || v === 'xlsx')) o.format = v;
    else if (k === '--rounds') o.rounds = Number(v);
    else if (k === '--total') o.total = Number(v);
    else if (k === '--main') o.main = Number(v);
    else if (k === '--seed') o.seed = Number(v);
    else throw new Error(`unknown option ${k} (--before DIR --format csv|xlsx --rounds N --total N --main N --seed N)`);
  }
  if (!o.before) throw new Error('--before names the other checkout (built, with its own bench database)');
  return o;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ')[0];

export async function exportAb(args: string[]): Promise<void> {
  const o = parse(args);
  const builds = [
    { name: 'before', root: o.before },
    { name: 'after', root: repoRoot },
  ];
  const sides = [];
  for (const b of builds) {
    const key = sizeKey('sqlite', o);
    const dir = b.root === repoRoot ? benchDataDir(repoRoot) : path.join(b.root, 'bench', '.data');
    const meta = readMeta(path.join(dir, `${key}.json`));
    if (!meta) throw new Error(`${dir} has no built ${key}: run the transactions bench's export cases there first`);
    const url = `sqlite:${path.join(dir, `${key}.sqlite`)}`;
    const range = await rangeFor(url, Math.min(1_000_000, Math.round(o.main * 0.5)), meta.now);
    console.log(`${b.name}: ${b.root}, ${range.count.toLocaleString('en')} rows (${range.from} .. ${range.to})`);
    sides.push({ ...b, url, range, wall: [] as number[], cpu: [] as number[] });
  }
  for (let round = 1; round <= o.rounds; round += 1) {
    for (const s of sides) {
      const at = load();
      const r = await exportRun('sqlite', s.url, o.format, s.range, s.root === repoRoot ? undefined : s.root);
      if (r.status !== 200) throw new Error(`${s.name}: the export answered ${r.status}`);
      s.wall.push(r.seconds);
      s.cpu.push(r.cpu);
      console.log(
        `  ${o.format} ${s.name.padEnd(6)} round ${round}: ${r.seconds.toFixed(2)} s, cpu ${r.cpu.toFixed(1)} s, ` +
          `peak ${r.peak.toFixed(0)} MB, ${(r.bytes / 1e6).toFixed(0)} MB out, load ${at} -> ${load()}`,
      );
    }
  }
  const [before, after] = sides;
  console.log(
    `after / before, medians of ${o.rounds}: wall ${(median(after!.wall) / median(before!.wall)).toFixed(2)}x, ` +
      `cpu ${(median(after!.cpu) / median(before!.cpu)).toFixed(2)}x`,
  );
}
