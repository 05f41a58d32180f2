import { createContext, useContext } from 'react';
import type { RouteMatch } from 'react-router';

/** What a route tells the layout about itself: its title and, for menu screens, its module. */
export type TRouteHandle = {
  titleKey?: string;
  moduleTitleKey?: string;
};

export function handleOf(match: RouteMatch): TRouteHandle {
  const handle: unknown = match.route.handle;
  return handle && typeof handle === 'object' ? (handle as TRouteHandle) : {};
}

/** The deepest route that names a title. */
export function findTitleHandle(matches: readonly RouteMatch[]): TRouteHandle | undefined {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const match = matches[i];
    if (match && handleOf(match).titleKey) return handleOf(match);
  }
  return undefined;
}

/**
 * The matched route chain of the current location. The app uses declarative routing (the data
 * router costs about 16 KB more gzip on the sign-in page), which has no useMatches(), so the
 * route table is matched once at the top and shared here.
 */
export const RouteMatchesContext = createContext<readonly RouteMatch[]>([]);

export function useRouteMatches(): readonly RouteMatch[] {
  return useContext(RouteMatchesContext);
}
