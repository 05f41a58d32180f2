import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type TPropsOf<C> = C extends ComponentType<infer P> ? P : never;

/** React.lazy for modules with named exports (the codebase has no default exports). */
export function lazyPage<M, K extends keyof M>(load: () => Promise<M>, name: K): LazyExoticComponent<ComponentType<TPropsOf<M[K]>>> {
  return lazy(async () => ({ default: (await load())[name] as unknown as ComponentType<TPropsOf<M[K]>> }));
}
