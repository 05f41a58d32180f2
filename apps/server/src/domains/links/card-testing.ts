import { createHmac, randomBytes } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import { DEFAULT_LANGUAGE, isLanguage, type TLanguage } from '@mbo/shared/i18n';
import { LinkStatus } from '@mbo/shared/links';
import { AdminStatus } from '@mbo/shared/merchants';
import type { Db } from '../../db/database';
import type { Background } from '../../platform/background';
import { businessError } from '../../platform/errors';
import { translate } from '../../platform/i18n';
import type { Notifier } from '../../platform/notifier';
import { MINUTE_MS } from '../../platform/time';

/*
 * Card testing across payment links (README "Card testing"). Three counters of declines per hour hold
 * on every API node:
 *
 * - per address on one link: a run of LINK_ADDRESS_DECLINES failures from one client address stops
 *   that address's tries on that link until the hour ends;
 * - per merchant: its links' declines, whatever the address; the try that reaches the limit pauses
 *   every active link of the merchant and tells the owner (a message reminder and a mail);
 * - per card: the declines of one card number on any link of any merchant, keyed by a keyed hash of
 *   the full number (HMAC-SHA-256), which is never stored; the card is refused until the hour ends.
 *
 * Each try is counted before it reaches the gateway, in one conditional UPDATE per counter that also
 * checks the limit (as platform/attempt-limiter.ts does for sign-in), so parallel tries on any node
 * cannot pass it; an approved payment, or a try that ends in a refusal before the gateway answered,
 * gives its count back.
 */

export const CARD_TESTING_WINDOW_MS = 60 * MINUTE_MS;

export type CardTestingLimits = {
  /** Declines per hour over all the merchant's links before they are paused. */
  merchantDeclines: number;
  /** Declines per hour of one card over all links before it is refused. */
  cardDeclines: number;
  /** How long a tripped merchant's links stay paused. */
  pauseMinutes: number;
};

/** Built-in defaults, used until an operator sets others (`ops link:limits`). */
export const DEFAULT_CARD_TESTING_LIMITS: CardTestingLimits = { merchantDeclines: 20, cardDeclines: 5, pauseMinutes: 60 };

/** The limits of a merchant: its own row, else the operators' default (merchant 0), else the built-in defaults. */
export async function limitsOf(db: Db, merchantId: number): Promise<CardTestingLimits> {
  const rows = await db.selectFrom('link_attempt_limits').selectAll().where('merchant_id', 'in', [0, merchantId]).execute();
  const row = rows.find((r) => Number(r.merchant_id) === merchantId) ?? rows.find((r) => Number(r.merchant_id) === 0);
  if (!row) return DEFAULT_CARD_TESTING_LIMITS;
  return { merchantDeclines: row.merchant_declines, cardDeclines: row.card_declines, pauseMinutes: row.pause_minutes };
}

/** Sets the limits of one merchant, or (merchantId 0) the default of every merchant without its own. */
export async function setLimits(db: Db, merchantId: number, limits: CardTestingLimits, now: number): Promise<void> {
  const values = {
    merchant_declines: limits.merchantDeclines,
    card_declines: limits.cardDeclines,
    pause_minutes: limits.pauseMinutes,
    updated_at: now,
  };
  await db
    .insertInto('link_attempt_limits')
    .values({ merchant_id: merchantId, ...values })
    .onConflict((oc) => oc.column('merchant_id').doUpdateSet(values))
    .execute();
}

/** A merchant's own row goes; the default applies to it again. */
export async function clearLimits(db: Db, merchantId: number): Promise<boolean> {
  const r = await db.deleteFrom('link_attempt_limits').where('merchant_id', '=', merchantId).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

// ----- The card fingerprint

const keys = new WeakMap<Db, Promise<Buffer>>();
const KEY_NAME = 'cardFingerprint';

/**
 * The key of the card fingerprints: CARD_FINGERPRINT_KEY when set (kept apart from the database, so
 * that a copy of the database alone cannot test candidate numbers against the fingerprints), else one
 * the server made on first use and keeps in the database, the same for every node.
 */
export function fingerprintKey(db: Db, configured: string | null): Promise<Buffer> {
  if (configured) return Promise.resolve(Buffer.from(configured, 'utf8'));
  let key = keys.get(db);
  if (!key) {
    key = (async () => {
      await db
        .insertInto('server_keys')
        .values({ name: KEY_NAME, secret: randomBytes(32).toString('hex'), created_at: Date.now() })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      const row = await db.selectFrom('server_keys').select('secret').where('name', '=', KEY_NAME).executeTakeFirstOrThrow();
      return Buffer.from(row.secret, 'hex');
    })();
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

/** HMAC-SHA-256 of the card's digits: the same card gives the same fingerprint, and the number cannot be read back. */
export function cardFingerprint(key: Buffer, digits: string): string {
  return createHmac('sha256', key).update(`card\n${digits}`).digest('hex');
}

// ----- The counters

type CounterScope = 'linkAddress' | 'merchant' | 'card';
export type Taken = { scope: CounterScope; key: string; windowStart: number; declines: number };

/** A time as a bigint parameter: PostgreSQL would otherwise type a bare parameter in arithmetic as a 32-bit integer. */
function big(ms: number): RawBuilder<number> {
  return sql<number>`cast(${ms} as bigint)`;
}

/** Prune ended windows every this-many counted tries of the process (one indexed delete). */
const PRUNE_EVERY = 200;
let taken = 0;

/**
 * Counts a try against one counter when it is under its limit in the current hour (a window that has
 * ended starts again at 1). Returns null when the limit is reached: the try must not go on.
 */
export async function takeTry(db: Db, scope: CounterScope, key: string, limit: number, now: number): Promise<Taken | null> {
  taken += 1;
  if (taken % PRUNE_EVERY === 0) await pruneCounters(db, now);
  await db
    .insertInto('link_attempt_counters')
    .values({ scope, key_hash: key, window_start: now, declines: 0 })
    .onConflict((oc) => oc.columns(['scope', 'key_hash']).doNothing())
    .execute();
  const ended = sql<boolean>`window_start <= ${big(now - CARD_TESTING_WINDOW_MS)}`;
  const row = await db
    .updateTable('link_attempt_counters')
    .set({
      declines: sql<number>`(case when ${ended} then 1 else declines + 1 end)`,
      window_start: sql<number>`(case when ${ended} then ${big(now)} else window_start end)`,
    })
    .where('scope', '=', scope)
    .where('key_hash', '=', key)
    .where((eb) => eb.or([eb('window_start', '<=', now - CARD_TESTING_WINDOW_MS), eb('declines', '<', limit)]))
    .returning(['declines', 'window_start'])
    .executeTakeFirst();
  if (!row) return null;
  return { scope, key, windowStart: Number(row.window_start), declines: Number(row.declines) };
}

/** Gives a counted try back (an approved payment, or a try refused before the gateway answered), in the window it was taken in. */
export async function giveBack(db: Db, t: Taken): Promise<void> {
  await db
    .updateTable('link_attempt_counters')
    .set({ declines: sql<number>`declines - 1` })
    .where('scope', '=', t.scope)
    .where('key_hash', '=', t.key)
    .where('window_start', '=', t.windowStart)
    .where('declines', '>', 0)
    .execute();
}

export async function pruneCounters(db: Db, now: number): Promise<number> {
  const r = await db
    .deleteFrom('link_attempt_counters')
    .where('window_start', '<=', now - CARD_TESTING_WINDOW_MS)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

// ----- Pausing a merchant's links and telling the owner

export type PauseDeps = { db: Db; notifier: Notifier; background: Background };

function utcStamp(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** The merchant's owners and where a mail reaches them: the verified email of the person, else the admin row's. */
function findOwners(db: Db, merchantId: number) {
  return db
    .selectFrom('admins as a')
    .innerJoin('merchants as m', 'm.id', 'a.merchant_id')
    .leftJoin('persons as p', 'p.id', 'a.person_id')
    .select(['a.email as admin_email', 'p.email as person_email', 'p.email_verified', 'p.language', 'm.merchant_no', 'm.name'])
    .where('a.merchant_id', '=', merchantId)
    .where('a.is_owner', '=', 1)
    .where('a.status', '=', AdminStatus.normal)
    .execute();
}

/**
 * The merchant limit tripped: every active link of the merchant is paused until `until`, and the
 * merchant's administrators get a message reminder in the same transaction; each owner is mailed
 * (in the background, so the customer's answer does not wait for the mail server).
 */
export async function pauseMerchantLinks(
  deps: PauseDeps,
  merchantId: number,
  o: { now: number; limits: CardTestingLimits },
): Promise<number> {
  const until = o.now + o.limits.pauseMinutes * MINUTE_MS;
  const params = { count: o.limits.merchantDeclines, minutes: o.limits.pauseMinutes, until: utcStamp(until) };
  const paused = await deps.db.transaction().execute(async (trx) => {
    const r = await trx
      .updateTable('payment_links')
      .set({ paused_until: until })
      .where('merchant_id', '=', merchantId)
      .where('status', '=', LinkStatus.active)
      .where((eb) => eb.or([eb('paused_until', 'is', null), eb('paused_until', '<', until)]))
      .executeTakeFirst();
    const text = (lang: TLanguage) => translate(lang, 'link.pausedReminder', params);
    await trx
      .insertInto('reminders')
      .values({
        merchant_id: merchantId,
        admin_id: null,
        content_zh_cn: text('zhCn'),
        content_zh_hk: text('zhHk'),
        content_en: text('en'),
        created_at: o.now,
      })
      .execute();
    return Number(r.numUpdatedRows);
  });
  deps.background.run('linksPausedNotice', async () => {
    for (const owner of await findOwners(deps.db, merchantId)) {
      const to = owner.person_email && owner.email_verified === 1 ? owner.person_email : owner.admin_email;
      if (!to) continue;
      const lang: TLanguage = owner.language && isLanguage(owner.language) ? owner.language : DEFAULT_LANGUAGE;
      await deps.notifier.mail.send(to, lang, 'linksPaused', {
        ...params,
        merchantNo: owner.merchant_no,
        merchantName: owner.name,
        links: paused,
        link: deps.notifier.link('signIn'),
      });
    }
  });
  return paused;
}

/** An operator lifts a pause early (`ops link:resume`): the links take payments again and the merchant's count starts over. */
export async function resumeMerchantLinks(db: Db, merchantId: number, now: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom('link_attempt_counters').where('scope', '=', 'merchant').where('key_hash', '=', String(merchantId)).execute();
    const r = await trx
      .updateTable('payment_links')
      .set({ paused_until: null })
      .where('merchant_id', '=', merchantId)
      .where('paused_until', '>', now)
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  });
}

// ----- One try through a link

export type CardTestingDeps = PauseDeps & { fingerprintKey: string | null };

/** Failed payments per hour from one address on one link before its further tries are refused. */
export const LINK_ADDRESS_DECLINES = 10;

/** One try through a link: whose counters it goes against. */
export type LinkTry = { merchantId: number; linkId: number; ip: string; digits: string; now: number };

/**
 * Runs one try through a link under the hourly limits of the address on that link, of the merchant and
 * of the card: the try is counted before it reaches the gateway and refused when a limit is reached
 * (too many failures from here; the merchant's links take no payment; the card is refused). An
 * approved payment, or a try that ends in an error before the gateway's answer is recorded, gives its
 * counts back; the decline that reaches the merchant limit pauses the merchant's links.
 */
export async function guardTry<T>(deps: CardTestingDeps, t: LinkTry, run: () => Promise<{ approved: boolean; data: T }>): Promise<T> {
  const { db } = deps;
  const { merchantId, now } = t;
  const limits = await limitsOf(db, merchantId);
  const card = cardFingerprint(await fingerprintKey(db, deps.fingerprintKey), t.digits);
  const byAddress = await takeTry(db, 'linkAddress', `${t.linkId}\n${t.ip}`, LINK_ADDRESS_DECLINES, now);
  if (!byAddress) throw businessError('pay.tooManyAttempts');
  const byMerchant = await takeTry(db, 'merchant', String(merchantId), limits.merchantDeclines, now);
  if (!byMerchant) {
    await giveBack(db, byAddress);
    throw businessError('pay.paused');
  }
  const byCard = await takeTry(db, 'card', card, limits.cardDeclines, now);
  if (!byCard) {
    await giveBack(db, byAddress);
    await giveBack(db, byMerchant);
    throw businessError('pay.cardTooManyAttempts');
  }
  const back = async () => {
    await giveBack(db, byAddress);
    await giveBack(db, byMerchant);
    await giveBack(db, byCard);
  };
  let outcome: { approved: boolean; data: T };
  try {
    outcome = await run();
  } catch (error) {
    await back();
    throw error;
  }
  if (outcome.approved) await back();
  // Exactly one try of a window takes the last place, so the links are paused once.
  else if (byMerchant.declines >= limits.merchantDeclines) await pauseMerchantLinks(deps, merchantId, { now, limits });
  return outcome.data;
}
