import { useEffect } from 'react';
import { BrowserRouter, matchRoutes, useLocation, useNavigate, useRoutes } from 'react-router';
import { registerNavigator } from '../platform/navigation';
import { AppProviders } from './providers';
import { routes } from './routes';
import { RouteMatchesContext } from './route-handle';
import { ErrorBoundary } from './error-boundary';

/** Lets the request client (outside React) navigate through the router. */
function NavigatorBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    registerNavigator((to, options) => void navigate(to, options));
    return () => registerNavigator(null);
  }, [navigate]);
  return null;
}

export function AppRoutes() {
  const location = useLocation();
  const element = useRoutes(routes, location);
  const matches = matchRoutes(routes, location) ?? [];
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
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
