import { useSyncExternalStore } from 'react';
import { MOBILE_BREAKPOINT } from '@mbo/shared/paging';

/** Spec §9: the layout (and the pager) switch to their mobile form below 992 px. */
export function isMobileWidth(width: number): boolean {
  return width < MOBILE_BREAKPOINT;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

function snapshot(): boolean {
  return isMobileWidth(window.innerWidth);
}

export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}
