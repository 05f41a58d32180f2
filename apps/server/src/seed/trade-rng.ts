/** A seeded pseudo-random generator (sfc32): the generator must give the same rows for the same seed. */
export type Rng = { next: () => number; gaussian: () => number };

export function createRng(seed: number): Rng {
  // Spread the seed over the four words (splitmix32), so nearby seeds give unrelated streams.
  let s = seed >>> 0;
  const mix = () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = mix();
  let b = mix();
  let c = mix();
  let d = mix();
  const next = (): number => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) >>> 0;
    return t / 4294967296;
  };
  for (let i = 0; i < 12; i += 1) next();
  let spare: number | null = null;
  return {
    next,
    // Box-Muller, keeping the second value of each pair.
    gaussian: () => {
      if (spare !== null) {
        const v = spare;
        spare = null;
        return v;
      }
      const u = 1 - next();
      const v = next();
      const r = Math.sqrt(-2 * Math.log(u));
      spare = r * Math.sin(2 * Math.PI * v);
      return r * Math.cos(2 * Math.PI * v);
    },
  };
}

/* Sampling with that generator. */

export type Weighted<T> = { items: readonly T[]; cumulative: Float64Array; total: number };
export function weighted<T>(items: readonly T[], weightOf: (t: T) => number): Weighted<T> {
  const cumulative = new Float64Array(items.length);
  let total = 0;
  items.forEach((t, i) => {
    total += weightOf(t);
    cumulative[i] = total;
  });
  return { items, cumulative, total };
}
export function pick<T>(rng: Rng, w: Weighted<T>): T {
  const x = rng.next() * w.total;
  let lo = 0;
  let hi = w.items.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((w.cumulative[mid] ?? 0) > x) hi = mid;
    else lo = mid + 1;
  }
  return w.items[lo] as T;
}
export function oneOf<T>(rng: Rng, list: readonly T[]): T {
  return list[Math.floor(rng.next() * list.length)] as T;
}
export function digits(rng: Rng, n: number): string {
  let s = '';
  for (let i = 0; i < n; i += 1) s += Math.floor(rng.next() * 10);
  return s;
}
export function asciiLower(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();
}
/** Splits `total` over `weights` exactly (cumulative rounding keeps the sum). */
export function apportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  let acc = 0;
  let prev = 0;
  return weights.map((w) => {
    acc += w;
    const upto = sum > 0 ? Math.round((total * acc) / sum) : 0;
    const n = upto - prev;
    prev = upto;
    return n;
  });
}

export function pickIndex(rng: Rng, weights: readonly number[]): number {
  let total = 0;
  for (const w of weights) total += w;
  let x = rng.next() * total;
  for (let i = 0; i < weights.length; i += 1) {
    x -= weights[i] ?? 0;
    if (x < 0) return i;
  }
  return weights.length - 1;
}
