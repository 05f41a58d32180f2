import { MenuPreparedPage } from '../../../app/pages/menu-prepared-page';

/** Replaced by the screen's real content. */
export function RefundListPage() {
  return <MenuPreparedPage />;
}
