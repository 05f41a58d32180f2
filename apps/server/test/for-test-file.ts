import { afterAll, beforeAll } from 'vitest';

/**
 * What a whole test file shares (its app, its database): made before the file's first test and
 * disposed of after its last. Its fields (every one named in `fields`) are read inside tests and hooks;
 * reading one while the file is still being collected throws.
 */
export function forTestFile<T extends object>(
  make: () => Promise<T>,
  dispose: (made: T) => Promise<void>,
  fields: Record<keyof T, true>,
): T {
  let made: T | undefined;
  beforeAll(async () => {
    made = await make();
  });
  afterAll(async () => {
    if (made) await dispose(made);
  });
  const view = {} as T;
  for (const field of Object.keys(fields) as (keyof T)[]) {
    Object.defineProperty(view, field, {
      enumerable: true,
      get: () => {
        if (!made) throw new Error(`${String(field)} is made before the file's first test: read it inside a test or hook`);
        return made[field];
      },
    });
  }
  return view;
}
