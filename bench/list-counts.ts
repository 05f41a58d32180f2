import { API_BASE } from '@mbo/shared/api-paths';
import { LIST } from './bench-figures';

/*
 * `--counts N` of the lists bench: N askers that ask, one after another for the whole run, the exact
 * count of the formal list over the six months up to the data's newest day with a minimum amount
 * (GET <list>/count, issue 46 §2): what merchants' screens ask after a page that said "more than N".
 * The other asks' figures then show what the counts cost them.
 */
const AMOUNTS = ['1', '20', '100', '500', '2000'];

export type CountFigures = { asked: number; exact: number; stillMore: number; failed: number; p50: number; max: number };

export function startCountAskers(
  baseURL: string,
  headers: Record<string, string>,
  range: { from: string; to: string },
  askers: number,
): { stop: () => Promise<CountFigures> } {
  let stopped = false;
  const ms: number[] = [];
  let exact = 0;
  let stillMore = 0;
  let failed = 0;
  const asker = async (k: number) => {
    for (let i = k; !stopped; i += askers) {
      const q = new URLSearchParams({ timeType: 'trade', ...range, amountMin: AMOUNTS[i % AMOUNTS.length]! });
      const started = performance.now();
      try {
        const res = await fetch(`${baseURL}${API_BASE}${LIST}/count?${q.toString()}`, { headers });
        const body = (await res.json()) as { code: number; data?: { capped: boolean } };
        if (body.code !== 0 || !body.data) failed += 1;
        else if (body.data.capped) stillMore += 1;
        else exact += 1;
      } catch {
        failed += 1;
      }
      ms.push(performance.now() - started);
    }
  };
  const running = Array.from({ length: askers }, (_, k) => asker(k));
  return {
    stop: async () => {
      stopped = true;
      await Promise.all(running);
      const sorted = [...ms].sort((a, b) => a - b);
      const p50 = sorted[Math.floor(sorted.length / 2)] ?? 0;
      return { asked: ms.length, exact, stillMore, failed, p50, max: sorted[sorted.length - 1] ?? 0 };
    },
  };
}
