import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router';

/**
 * The app's router. React Router draws a new address in a transition by default, which React may put
 * off while a person goes on clicking: on a busy machine the address held a gateway just searched for
 * while the list on screen, and what the next click wrote (a saved view), still had the filters from
 * before the search, and wrote them back over it (address-router.test.tsx). Drawn at once, every list's
 * state (list-url-state.ts) is the address's before the next click.
 */
export function AddressRouter({ children }: { children: ReactNode }) {
  return <BrowserRouter useTransitions={false}>{children}</BrowserRouter>;
}
