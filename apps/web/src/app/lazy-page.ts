import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type TPropsOf<C> = C extends ComponentType<infer P> ? P : never;

/**
 * A lazy page the router can start before it renders (app/route-preload.ts): `preload()` fetches
 * its chunk (once; the render then finds it there), and resolves to the page module, whose
 * `prefetch` export, if any, starts the page's first data requests (TPrefetchContext).
 */
export type TLazyPage<P> = LazyExoticComponent<ComponentType<P>> & { preload: () => Promise<{ prefetch?: unknown }> };

/** React.lazy for modules with named exports (the codebase has no default exports). */
export function lazyPage<M, K extends keyof M>(load: () => Promise<M>, name: K): TLazyPage<TPropsOf<M[K]>> {
  let pending: Promise<M> | undefined;
  const preload = (): Promise<M> =>
    (pending ??= load()
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
  return Object.assign(page, { preload: preload as () => Promise<{ prefetch?: unknown }> });
}
