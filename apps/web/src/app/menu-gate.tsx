import type { ReactNode } from 'react';
import { useSession } from '../platform/session';
import { lazyPage } from '../platform/lazy-page';

const NotFoundPage = lazyPage(() => import('./pages/not-found-page'), 'NotFoundPage');

/** A menu route renders only when the session's module list grants its url (spec §6). */
export function MenuGate({ url, children }: { url: string; children: ReactNode }) {
  const session = useSession();
  if (!session.permittedUrls.has(url)) return <NotFoundPage variant="noPermission" />;
  return <>{children}</>;
}
