import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type TPropsOf<C> = C extends ComponentType<infer P> ? P : never;

/**
 * A lazy page the router can start before it renders (app/route-preload.ts): `preload()` fetches
 * its chunk (once; the render then finds it there), and resolves to the page module, whose
 * `prefetch` export, if any, starts the page's first data requests (TPrefetchContext).
 */
export type TLazyPage<P> = LazyExoticComponent<ComponentType<P>> & {
  preload: () => Promise<{ prefetch?: unknown }>;
  /** The page module as soon as it has evaluated, without waiting for its feature's texts (data prefetch). */
  load: () => Promise<{ prefetch?: unknown }>;
};

/** React.lazy for modules with named exports (the codebase has no default exports). */
export function lazyPage<M, K extends keyof M>(load: () => Promise<M>, name: K): TLazyPage<TPropsOf<M[K]>> {
  let loading: Promise<M> | undefined;
  let pending: Promise<M> | undefined;
  const loadModule = (): Promise<M> =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  const preload = (): Promise<M> =>
    (pending ??= loadModule()
      .then(async (module) => {
        // A feature's texts, started as its page module evaluates (build/locale-parts.ts).
        await (module as { __textsReady?: Promise<void> }).__textsReady;
        return module;
      })
      .catch((error: unknown) => {
        pending = undefined;
        throw error;
      }));
  const page = lazy(async () => ({ default: (await preload())[name] as unknown as ComponentType<TPropsOf<M[K]>> }));
  return Object.assign(page, {
    preload: preload as () => Promise<{ prefetch?: unknown }>,
    load: loadModule as () => Promise<{ prefetch?: unknown }>,
  });
}
