import { MenuPreparedPage } from '../../../app/pages/menu-prepared-page';

/** Replaced by the screen's real content. */
export function TransactionListPage(_props: { view: 'formal' | 'riskDeclined' | 'uncompleted' | 'preAuth' | 'test' | 'counterfeit' }) {
  return <MenuPreparedPage />;
}
