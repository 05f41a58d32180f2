import { createElement, lazy, type ComponentType } from 'react';
import type { TListSource } from './list-screen';

type TPropsOf<C> = C extends ComponentType<infer P> ? P : never;

/**
 * A lazy page the router can start before it renders (app/route-preload.ts): `preload()` fetches
 * its chunk (once; the render then finds it there) and resolves to the page module; `firstData()`,
 * for a page that has one, resolves to the small module whose `prefetch` export starts the page's
 * first data requests (TPrefetchContext), fetched beside the page's chunks so that the requests leave
 * before the page's code is here.
 */
export type TLazyPage<P> = ComponentType<P> & {
  preload: () => Promise<unknown>;
  firstData?: () => Promise<{ prefetch?: unknown }>;
};

/**
 * React.lazy for modules with named exports (the codebase has no default exports), which does not
 * suspend once its module is here. A page mounted after its preload resolved renders the module's
 * component at once: React.lazy would suspend on its first render whatever the state of its promise,
 * show the Suspense fallback (the progress bar) and then reveal the page no sooner than 300 ms after
 * that fallback appeared (React's reveal throttle), which is most of the wait on a cold load that
 * preloaded the route (main.tsx). The component is known before React.lazy's promise resolves, so an
 * instance never commits through React.lazy and then swaps to the component (which would remount it):
 * a suspended first render is not committed, and its retry finds the component.
 */
export function lazyPage<M, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
  firstData?: () => Promise<{ prefetch?: unknown }>,
): TLazyPage<TPropsOf<M[K]>> {
  type P = TPropsOf<M[K]>;
  let pending: Promise<M> | undefined;
  type TAny = ComponentType<Record<string, unknown>>;
  let ready: TAny | undefined;
  const preload = (): Promise<M> =>
    (pending ??= load()
      .then(async (module) => {
        // A feature's texts, started as its page module evaluates (build/locale-parts.ts).
        await (module as { __textsReady?: Promise<void> }).__textsReady;
        ready = module[name] as unknown as TAny;
        return module;
      })
      .catch((error: unknown) => {
        pending = undefined;
        throw error;
      }));
  const Lazy = lazy(async () => ({ default: (await preload())[name] as unknown as TAny }));
  function LazyPage(props: P) {
    // The page's own props, passed on as they are (React.lazy does the same).
    return createElement(ready ?? Lazy, props as Record<string, unknown>);
  }
  return Object.assign(LazyPage, { preload, firstData });
}

/**
 * A list screen's `firstData`: the module that declares its list and which list it is (or, for one page
 * of several views, which list the route's props pick); its first page is requested as listPrefetch
 * does, so no module of its own is needed. list-screen.ts is fetched beside it, not part of this chunk.
 */
export function listFirstData<M, P = Record<string, unknown>>(
  load: () => Promise<M>,
  pick: (module: M) => TListSource | ((props: P) => TListSource),
): () => Promise<{ prefetch: unknown }> {
  return () => Promise.all([load(), import('./list-screen')]).then(([module, screen]) => ({ prefetch: screen.listPrefetch(pick(module)) }));
}
