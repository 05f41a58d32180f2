import { BeingPrepared } from '../../platform/being-prepared';
import { findTitleHandle, useRouteMatches } from '../route-handle';

/** A menu screen whose content comes with later work; its name comes from the route. */
export function MenuPreparedPage() {
  const titleKey = findTitleHandle(useRouteMatches())?.titleKey ?? 'route.dashboard';
  return <BeingPrepared titleKey={titleKey} />;
}
