import { AdminStatus } from '@mbo/shared/merchants';
import type { TLanguage } from '@mbo/shared/i18n';
import { NOTIFICATION_KINDS, type TNotificationKind } from '@mbo/shared/notifications';
import type { DbOrTrx } from '../../db/database';
import { translate, type MessageParams } from '../../platform/i18n';
import type { MessageKey } from '../../platform/messages';
import type { MailKind, NotificationParams } from '../../platform/notification-texts';
import { computeAccess } from '../../platform/permissions';

/*
 * The one way the back office tells an administrator something (README.md). A producer (a job, a
 * service) calls `notify` inside the transaction that records its event; the rows it writes are the
 * bell's items, and the mails wait in the same rows until `sendNotificationMails` (mail-sender.ts)
 * sends them after the commit, so a rolled-back event neither shows nor mails.
 */

/** Texts in each language (the reminders' way: a job has no caller language). */
export type LanguageTexts = Record<TLanguage, string>;

/** A message in the three languages, its values per language when they are words (a kind's name) rather than figures. */
export function textsOf(key: MessageKey, params: MessageParams | ((lang: TLanguage) => MessageParams) = {}): LanguageTexts {
  const of = (lang: TLanguage) => translate(lang, key, typeof params === 'function' ? params(lang) : params);
  return { zhCn: of('zhCn'), zhHk: of('zhHk'), en: of('en') };
}

export type NotifyInput = {
  merchantId: number;
  kind: TNotificationKind;
  /**
   * Who may be told: every administrator of the merchant whose role holds a permission (a menu url
   * or `Resource:Action`), or the listed administrators. Either way only administrators who may sign
   * in, whose role opens the kind's screen and who see `gatewayId` (when given) are told, each as their
   * preferences say.
   */
  recipients: `permission:${string}` | readonly number[];
  /** The gateway the event is about; null or absent: the merchant as a whole. */
  gatewayId?: number | null;
  /** Names the event: with the administrator it is unique, so telling the same event again does nothing. */
  eventKey: string;
  /** The item's text in each language; its title is the kind's name. */
  text: LanguageTexts;
  /** A path of the web app the item opens ('' or absent: none). */
  link?: string;
  /** A mail template of its own (per language); without it the mail is the item's title and text. */
  mail?: { kind: MailKind; params: Record<TLanguage, NotificationParams> };
  at: number;
};

/** What a row's `params` column keeps. */
export type StoredNotification = Pick<NotifyInput, 'text' | 'mail'>;

export const MailState = { none: 0, waiting: 1, sent: 2, failed: 3 } as const;

type Candidate = { id: number; role_id: number; is_owner: number; all_gateways: number };

async function candidates(db: DbOrTrx, input: NotifyInput): Promise<Candidate[]> {
  let q = db
    .selectFrom('admins')
    .select(['id', 'role_id', 'is_owner', 'all_gateways'])
    .where('merchant_id', '=', input.merchantId)
    .where('status', '=', AdminStatus.normal);
  if (typeof input.recipients !== 'string') {
    if (input.recipients.length === 0) return [];
    q = q.where('id', 'in', [...input.recipients]);
  }
  if (input.gatewayId != null) {
    const gatewayId = input.gatewayId;
    q = q.where((eb) =>
      eb.or([
        eb('all_gateways', '=', 1),
        eb.exists(
          eb
            .selectFrom('admin_gateways')
            .select('admin_id')
            .whereRef('admin_gateways.admin_id', '=', 'admins.id')
            .where('admin_gateways.gateway_id', '=', gatewayId),
        ),
      ]),
    );
  }
  return q.orderBy('id').execute();
}

/** The roles among `roleIds` that hold every one of `wanted` (as the session's access would compute it). */
async function rolesHolding(db: DbOrTrx, merchantId: number, roleIds: number[], wanted: string[]): Promise<Set<number>> {
  if (roleIds.length === 0 || wanted.length === 0) return new Set(roleIds);
  const [roles, perms, modules] = await Promise.all([
    db.selectFrom('roles').select(['id', 'is_admin']).where('merchant_id', '=', merchantId).where('id', 'in', roleIds).execute(),
    db.selectFrom('role_permissions').select(['role_id', 'permission']).where('role_id', 'in', roleIds).execute(),
    db.selectFrom('merchant_modules').select('module_id').where('merchant_id', '=', merchantId).execute(),
  ]);
  const opened = new Set(modules.map((m) => m.module_id));
  const holding = new Set<number>();
  for (const role of roles) {
    const granted = new Set(perms.filter((p) => p.role_id === role.id).map((p) => p.permission));
    const access = computeAccess({ isAdmin: role.is_admin === 1, permissions: granted }, opened);
    if (wanted.every((w) => access.permissions.has(w))) holding.add(role.id);
  }
  return holding;
}

export type Preference = { inApp: boolean; mail: boolean; threshold: number | null };

/** The default of a kind for an administrator: in the bell always; by mail as the kind says. */
export function defaultPreference(kind: TNotificationKind, isOwner: boolean): Preference {
  const mail = NOTIFICATION_KINDS[kind].mail;
  return { inApp: true, mail: mail === true || (mail === 'owner' && isOwner), threshold: null };
}

export async function preferencesOf(
  db: DbOrTrx,
  kind: TNotificationKind,
  admins: readonly { id: number; is_owner: number }[],
): Promise<Map<number, Preference>> {
  const rows =
    admins.length === 0
      ? []
      : await db
          .selectFrom('notification_preferences')
          .select(['admin_id', 'in_app', 'mail', 'threshold'])
          .where('kind', '=', kind)
          .where(
            'admin_id',
            'in',
            admins.map((a) => a.id),
          )
          .execute();
  const byAdmin = new Map(rows.map((r) => [r.admin_id, { inApp: r.in_app === 1, mail: r.mail === 1, threshold: r.threshold }]));
  return new Map(admins.map((a) => [a.id, byAdmin.get(a.id) ?? defaultPreference(kind, a.is_owner === 1)]));
}

/**
 * Tells an event to the recipients as each one's preferences say. Returns the administrators newly
 * told (none when every one of them was already told this event, or wants neither the bell nor mail).
 */
export async function notify(db: DbOrTrx, input: NotifyInput): Promise<number[]> {
  const found = await candidates(db, input);
  const wanted = [
    ...(typeof input.recipients === 'string' ? [input.recipients.slice('permission:'.length)] : []),
    ...(NOTIFICATION_KINDS[input.kind].screen ? [NOTIFICATION_KINDS[input.kind].screen as string] : []),
  ];
  const holding = await rolesHolding(db, input.merchantId, [...new Set(found.map((a) => a.role_id))], wanted);
  const admins = found.filter((a) => holding.has(a.role_id));
  const prefs = await preferencesOf(db, input.kind, admins);
  const stored: StoredNotification = { text: input.text, ...(input.mail ? { mail: input.mail } : {}) };
  const values = admins.flatMap((a) => {
    const p = prefs.get(a.id);
    if (!p || (!p.inApp && !p.mail)) return [];
    return [
      {
        merchant_id: input.merchantId,
        admin_id: a.id,
        kind: input.kind,
        event_key: input.eventKey,
        gateway_id: input.gatewayId ?? null,
        params: JSON.stringify(stored),
        link: input.link ?? '',
        in_app: p.inApp ? (1 as const) : (0 as const),
        mail: p.mail ? MailState.waiting : MailState.none,
        created_at: input.at,
        // Mail only: written read, so the bell's count never includes it.
        read_at: p.inApp ? null : input.at,
      },
    ];
  });
  if (values.length === 0) return [];
  const told = await db
    .insertInto('notifications')
    .values(values)
    .onConflict((oc) => oc.columns(['admin_id', 'event_key']).doNothing())
    .returning('admin_id')
    .execute();
  return told.map((r) => r.admin_id);
}
