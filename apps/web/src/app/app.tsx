import { useEffect, useMemo } from 'react';
import { matchRoutes, useLocation, useNavigate, useRoutes } from 'react-router';
import { AddressRouter } from '../platform/address-router';
import { registerNavigator, registerRoutePreloader } from '../platform/navigation';
import { registerFreshCheckPrompt } from '../platform/fresh-check';
import { AppProviders } from './providers';
import { routes } from './routes';
import { RouteMatchesContext } from './route-handle';
import { ErrorBoundary } from './error-boundary';
import { preloadRoute } from './route-preload';

// A call refused for want of a fresh check opens this prompt, loaded when first needed.
registerFreshCheckPrompt(() => import('../platform/fresh-check-prompt').then((m) => m.openFreshCheckPrompt(AppProviders)));

/** Lets the request client (outside React) navigate through the router. */
function NavigatorBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    registerNavigator((to, options) => void navigate(to, options));
    registerRoutePreloader(preloadRoute);
    return () => {
      registerNavigator(null);
      registerRoutePreloader(null);
    };
  }, [navigate]);
  return null;
}

/** On each navigation, the new location's chunks and first data start together (app/route-preload.ts). */
function usePreloadRoute(pathname: string, search: string): void {
  useEffect(() => {
    if (pathname !== '/loginNew') void preloadRoute(`${pathname}${search}`);
  }, [pathname, search]);
}

export function AppRoutes() {
  const location = useLocation();
  usePreloadRoute(location.pathname, location.search);
  const element = useRoutes(routes, location);
  // Matched again only when the location changes: a match walks the whole route table.
  const matches = useMemo(() => matchRoutes(routes, location) ?? [], [location]);
  return (
    <RouteMatchesContext.Provider value={matches}>
      <NavigatorBridge />
      <ErrorBoundary resetKey={location.pathname}>{element}</ErrorBoundary>
    </RouteMatchesContext.Provider>
  );
}

export function App() {
  return (
    <AppProviders>
      <AddressRouter>
        <AppRoutes />
      </AddressRouter>
    </AppProviders>
  );
}
