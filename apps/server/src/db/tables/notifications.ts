import type { Generated } from 'kysely';
import type { Flag } from './columns';

/* The notification centre (migration 0033; domains/notifications/README.md). */

/** One event told to one administrator. */
export interface NotificationsTable {
  id: Generated<number>;
  merchant_id: number;
  admin_id: number;
  /** TNotificationKind (packages/shared/src/notifications.ts). */
  kind: string;
  /** The event's key: unique per administrator, so an event is told once. */
  event_key: string;
  gateway_id: number | null;
  /** JSON object of the values the kind's texts are filled with. */
  params: string;
  /** A path of the web app ('' for none). */
  link: string;
  /** 0: mail only (the row is written read). */
  in_app: Flag;
  /** 0 not mailed, 1 waiting, 2 mailed, 3 failed. */
  mail: number;
  created_at: number;
  read_at: number | null;
}

/** An administrator's choice for one kind; no row: the kind's defaults. */
export interface NotificationPreferencesTable {
  admin_id: number;
  kind: string;
  in_app: Flag;
  mail: Flag;
  /** Low balance only: the threshold in minor units (null: off). */
  threshold: number | null;
}

/** The tables of this area, by name (composed into `Database`, db/types.ts). */
export interface NotificationTables {
  notifications: NotificationsTable;
  notification_preferences: NotificationPreferencesTable;
}
