import { describe, expect, it } from 'vitest';
import { readsAfterAsked } from '../db/database';
import { KeptAnswers } from './kept-answers';

describe('readsAfterAsked (a version read shared by the callers that came meanwhile)', () => {
  it('callers that come while a read is out share the next read, which begins after they asked', async () => {
    const started: Array<(v: number) => void> = [];
    let reads = 0;
    const version = readsAfterAsked(
      () =>
        new Promise<number>((resolve) => {
          reads += 1;
          started.push(resolve);
        }),
    );
    const first = version();
    expect(reads).toBe(1);
    // Ten callers while the first read is out: none is given the first read's value.
    const later = Array.from({ length: 10 }, () => version());
    expect(reads).toBe(1);
    started[0]!(1);
    expect(await first).toBe(1);
    await new Promise((r) => setImmediate(r));
    expect(reads).toBe(2);
    started[1]!(2);
    expect(await Promise.all(later)).toEqual(Array.from({ length: 10 }, () => 2));
    const alone = version();
    await new Promise((r) => setImmediate(r));
    expect(reads).toBe(3);
    started[2]!(3);
    expect(await alone).toBe(3);
  });

  it('a failed read fails its own callers only; the next callers get a read of their own', async () => {
    let n = 0;
    const version = readsAfterAsked(async () => {
      n += 1;
      if (n === 1) throw new Error('connection lost');
      return n;
    });
    const failed = version();
    const next = version();
    await expect(failed).rejects.toThrow('connection lost');
    expect(await next).toBe(2);
  });
});

describe('KeptAnswers bounds', () => {
  it('keeps at most maxAnswers and maxChars, the oldest going first, and never an answer over maxAnswerChars', () => {
    const kept = new KeptAnswers({ maxAnswers: 3, maxChars: 10, maxAnswerChars: 6 });
    kept.keep('a', 'v', 'aaa');
    kept.keep('b', 'v', 'bbb');
    kept.keep('c', 'v', 'ccc');
    expect(kept.size).toBe(3);
    kept.keep('d', 'v', 'ddd');
    expect(kept.get('a', 'v')).toBeUndefined();
    expect(kept.get('d', 'v')).toBe('ddd');
    kept.keep('e', 'v', 'eeeeee');
    expect(kept.size).toBe(2);
    expect(kept.get('b', 'v')).toBeUndefined();
    expect(kept.get('c', 'v')).toBeUndefined();
    kept.keep('f', 'v', 'fffffff');
    expect(kept.get('f', 'v')).toBeUndefined();
    expect(kept.get('e', 'w')).toBeUndefined();
    expect(kept.get('e', 'v')).toBeUndefined();
  });
});
