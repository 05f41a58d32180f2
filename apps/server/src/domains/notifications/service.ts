import type { TLanguage } from '@mbo/shared/i18n';
import {
  NOTIFICATION_KIND_LIST,
  NOTIFICATION_KINDS,
  NOTIFICATION_PAGE_MAX,
  type TNotificationKind,
  type TNotificationList,
  type TNotificationPreferences,
} from '@mbo/shared/notifications';
import type { Db } from '../../db/database';
import { inTransaction } from '../../db/in-transaction';
import { forbiddenError, notFoundError } from '../../platform/errors';
import { translate } from '../../platform/i18n';
import type { MessageKey } from '../../platform/messages';
import type { AdminScope } from '../../platform/scope';
import { defaultPreference, type StoredNotification } from './notify';
import * as repo from './repository';

export type Caller = { scope: AdminScope; permissions: ReadonlySet<string>; lang: TLanguage };

/** The kinds whose screen the caller's role opens now (a kind without a screen is filtered when it is told). */
export function visibleKinds(permissions: ReadonlySet<string>): TNotificationKind[] {
  return NOTIFICATION_KIND_LIST.filter((k) => {
    const screen = NOTIFICATION_KINDS[k].screen;
    return screen === null || permissions.has(screen);
  });
}

function visible(caller: Caller): repo.Visible {
  return { scope: caller.scope, kinds: visibleKinds(caller.permissions) };
}

export function kindTitle(lang: TLanguage, kind: string): string {
  return translate(lang, `notification.kind.${kind}` as MessageKey);
}

export function unreadCount(db: Db, caller: Caller): Promise<number> {
  return repo.countUnread(db, visible(caller));
}

export async function list(db: Db, caller: Caller, q: { unread?: '0' | '1'; cursor?: number; limit?: number }): Promise<TNotificationList> {
  const limit = q.limit ?? 20;
  const v = visible(caller);
  const rows = await repo.listPage(db, v, {
    unreadOnly: q.unread === '1',
    before: q.cursor ?? null,
    limit: Math.min(limit, NOTIFICATION_PAGE_MAX),
  });
  const page = rows.slice(0, limit);
  const items = page.map((r) => {
    const stored = JSON.parse(r.params) as StoredNotification;
    return {
      id: r.id,
      kind: r.kind as TNotificationKind,
      title: kindTitle(caller.lang, r.kind),
      text: stored.text[caller.lang] ?? '',
      link: r.link,
      createdAt: r.created_at,
      read: r.read_at !== null,
    };
  });
  return { items, next: rows.length > limit ? (page.at(-1)?.id ?? null) : null, unread: await repo.countUnread(db, v) };
}

export async function markRead(db: Db, caller: Caller, id: number, now: number): Promise<void> {
  if (!(await repo.markRead(db, visible(caller), id, now))) throw notFoundError();
}

export function markAllRead(db: Db, caller: Caller, now: number): Promise<void> {
  return repo.markAllRead(db, visible(caller), now);
}

async function isOwner(db: Db, scope: AdminScope): Promise<boolean> {
  const row = await db.selectFrom('admins').select('is_owner').where('id', '=', scope.adminId).executeTakeFirst();
  return row?.is_owner === 1;
}

/** Thresholds are kept in hundredths (two decimals, as the screens show an amount). */
const CENTS = 100;

export async function preferences(db: Db, caller: Caller): Promise<TNotificationPreferences> {
  const [rows, owner] = await Promise.all([repo.preferenceRows(db, caller.scope.adminId), isOwner(db, caller.scope)]);
  const byKind = new Map(rows.map((r) => [r.kind, r]));
  const low = byKind.get('lowBalance');
  return {
    kinds: visibleKinds(caller.permissions).map((kind) => {
      const row = byKind.get(kind);
      const d = defaultPreference(kind, owner);
      return { kind, inApp: row ? row.in_app === 1 : d.inApp, mail: row ? row.mail === 1 : d.mail };
    }),
    lowBalanceThreshold: low?.threshold == null ? null : Number(low.threshold) / CENTS,
  };
}

export async function savePreferences(db: Db, caller: Caller, body: TNotificationPreferences): Promise<void> {
  const kinds = new Set(visibleKinds(caller.permissions));
  // A kind the caller cannot receive cannot be chosen (its screen is closed to their role).
  if (body.kinds.some((k) => !kinds.has(k.kind))) throw forbiddenError();
  if (body.lowBalanceThreshold !== null && !kinds.has('lowBalance')) throw forbiddenError();
  const current = await preferences(db, caller);
  const chosen = new Map(current.kinds.map((k) => [k.kind, k]));
  for (const k of body.kinds) chosen.set(k.kind, k);
  const threshold = body.lowBalanceThreshold === null ? null : Math.round(body.lowBalanceThreshold * CENTS);
  await inTransaction(db, async (trx) => {
    for (const k of chosen.values()) {
      await repo.savePreference(trx, {
        admin_id: caller.scope.adminId,
        kind: k.kind,
        in_app: k.inApp ? 1 : 0,
        mail: k.mail ? 1 : 0,
        threshold: k.kind === 'lowBalance' ? threshold : null,
      });
    }
  });
}
