import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router';

/**
 * The app's router. React Router draws a new address in a transition by default, which React may put
 * off while a person goes on clicking. On a busy machine the address already held a gateway just
 * searched for while the list on screen still had the filters from before the search; the next click
 * (saving a view) wrote those back over the address and lost the gateway (address-router.test.tsx).
 * Drawn at once, every list's state (list-url-state.ts) is the address's before the next click.
 */
export function AddressRouter({ children }: { children: ReactNode }) {
  return <BrowserRouter useTransitions={false}>{children}</BrowserRouter>;
}
