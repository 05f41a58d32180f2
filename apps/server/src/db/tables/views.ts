import type { Generated } from 'kysely';
import type { Flag } from './columns';

/* Saved views of list screens (migration 0024; domains/views/README.md). */

/** An administrator's view of one list screen. */
export interface SavedViewsTable {
  id: Generated<number>;
  merchant_id: number;
  admin_id: number;
  /** The screen's menu url (VIEW_SCREENS). */
  screen: string;
  title: string;
  /** JSON object of the screen's filter values as its URL holds them. */
  filters: string;
  /** JSON array of the column keys the view hides. */
  hidden_columns: string;
  page_size: number;
  /** 1: every administrator of the merchant sees it. */
  shared: Flag;
  created_at: number;
  updated_at: number;
}

/** The view an administrator opens a screen with. */
export interface SavedViewDefaultsTable {
  admin_id: number;
  screen: string;
  view_id: number;
}

/** The tables of this area, by name (composed into `Database`, db/types.ts). */
export interface ViewTables {
  saved_views: SavedViewsTable;
  saved_view_defaults: SavedViewDefaultsTable;
}
