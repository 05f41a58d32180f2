import type { TMenuUrl } from '@mbo/shared/permissions';
import {
  SEARCH_HITS_PER_KIND,
  SEARCH_KINDS,
  type TSearchAnswer,
  type TSearchField,
  type TSearchHit,
  type TSearchKind,
} from '@mbo/shared/search';
import { TRANSACTION_VIEW_DEFS, TRANSACTION_VIEWS, type TTransactionView } from '@mbo/shared/transactions';
import type { Db } from '../../db/database';
import type { Scope } from '../../platform/scope';
import { toIso } from '../../platform/time';
import * as repo from './repository';
import { readShapes, shapeNames, type Shapes } from './shapes';

/** The screen that shows each kind besides payments: a kind is searched only when the caller may open it. */
export const KIND_SCREENS: Record<Exclude<TSearchKind, 'transaction'>, TMenuUrl> = {
  refund: '/refundment/forwardRefundmentList',
  dispute: '/merTradeMgr/initProConTradePage',
  complaint: '/complaint/showComplaintInfo',
  withdrawal: '/withdraw/forwardWithdrawList',
  batch: '/merDailySettleDetail/initShowListPage',
  waybill: '/waybill/waybillPage',
  link: '/shortcutPayment/initManageLinks',
  website: '/merwebsit/showWebsitLimit',
  blacklist: '/blacklist/showBlacklist',
};

type Found = Omit<TSearchHit, 'kind' | 'screen'> & { sortAt: number };
type Screened = { view: TTransactionView; trade: repo.TradeView };

const TAKE = SEARCH_HITS_PER_KIND + 1;
/** Trade numbers read per ask, times TAKE: room for the rows of screens the caller may not open. */
const TRADE_NO_WINDOW = 4;

/**
 * The transaction screens the caller may open, each with the rows it shows. Pre-authorizations are
 * formal payments of one trade type: searched on their own screen only when the formal one is closed.
 */
export function tradeScreens(permissions: ReadonlySet<string>): Screened[] {
  const out: Screened[] = [];
  for (const view of TRANSACTION_VIEWS) {
    const def = TRANSACTION_VIEW_DEFS[view];
    if (!permissions.has(def.menu)) continue;
    if (view === 'preAuth' && permissions.has(TRANSACTION_VIEW_DEFS.formal.menu)) continue;
    out.push({ view, trade: { category: def.category, tradeType: def.tradeType } });
  }
  return out;
}

const maskCard = (first6: string, last4: string) => (first6 || last4 ? `${first6}******${last4}` : '');
const at = (ms: number | null) => (ms === null ? null : toIso(ms));

function tradeHit(r: repo.TradeRow, matched: TSearchField): Found {
  return {
    id: r.trade_no,
    matched,
    status: r.pay_status,
    amount: r.amount,
    currency: r.currency,
    at: at(r.created_at),
    sortAt: r.created_at,
    detail: [r.merchant_order_no, maskCard(r.card_first6, r.card_last4), r.email].filter((s) => s !== '').join(' · '),
    tradeNo: null,
  };
}

/** The exact value first, then the newest; at most the hits shown plus one (to tell there are more). */
function rank(found: Found[], exact: (f: Found) => boolean): Found[] {
  const seen = new Set<string>();
  return found
    .filter((f) => !seen.has(f.id) && seen.add(f.id))
    .sort((a, b) => Number(exact(b)) - Number(exact(a)) || b.sortAt - a.sortAt)
    .slice(0, TAKE);
}

async function searchTrades(db: Db, scope: Scope, screens: Screened[], s: Shapes): Promise<(Found & { screen: string })[]> {
  const range = (text: string) => (s.codePrefix ? repo.prefixOf(text) : repo.exactly(text));
  const perScreen = await Promise.all(
    screens.map(async ({ view, trade }) => {
      const asks: Promise<Found[]>[] = [];
      if (s.code !== null) {
        const code = s.code;
        asks.push(
          repo
            .tradesByValue(db, scope, trade, 'merchant_order_no', range(code), TAKE)
            .then((rs) => rs.map((r) => tradeHit(r, 'merchantOrderNo'))),
        );
      }
      if (s.card) asks.push(repo.tradesByCard(db, scope, trade, s.card, TAKE).then((rs) => rs.map((r) => tradeHit(r, 'card'))));
      if (s.email !== null)
        asks.push(
          repo.tradesByValue(db, scope, trade, 'email', repo.prefixOf(s.email), TAKE).then((rs) => rs.map((r) => tradeHit(r, 'email'))),
        );
      const found = (await Promise.all(asks)).flat();
      return found.map((f) => ({ ...f, screen: TRANSACTION_VIEW_DEFS[view].menu as string }));
    }),
  );
  // Trade numbers: one range over every category, each row on the first screen of the caller's that shows it.
  const byTradeNo =
    s.code === null
      ? []
      : (await repo.tradesByTradeNo(db, scope, range(s.code), TAKE * TRADE_NO_WINDOW)).flatMap((r) => {
          const shown = screens.find(
            ({ trade }) => trade.category === r.category && (trade.tradeType === null || trade.tradeType === r.trade_type),
          );
          return shown ? [{ ...tradeHit(r, 'tradeNo'), screen: TRANSACTION_VIEW_DEFS[shown.view].menu as string }] : [];
        });
  const text = s.code ?? s.email ?? '';
  return rank([...byTradeNo, ...perScreen.flat()], (f) => f.id === text || f.detail.split(' · ').includes(text)) as (Found & {
    screen: string;
  })[];
}

const codeRange = (s: Shapes) => (s.code === null ? null : s.codePrefix ? repo.prefixOf(s.code) : repo.exactly(s.code));

/** What each column of a kind is, in the answer's words. */
const MATCHED: Record<string, TSearchField> = {
  refund_no: 'refundNo',
  case_no: 'caseNo',
  complaint_no: 'complaintNo',
  cardholder_email: 'email',
  withdrawal_no: 'withdrawalNo',
  batch_no: 'batchNo',
  tracking_no: 'trackingNo',
  link_key: 'linkKey',
  url: 'url',
  host: 'url',
  value: 'blacklistValue',
};

/** The (column, range) pairs a kind is searched by for these shapes; none when the text has no shape the kind holds. */
export function asksOf(kind: keyof typeof repo.SOURCES, s: Shapes): [string, repo.Prefix][] {
  const code = codeRange(s);
  if (kind === 'website') {
    if (!s.website) return [];
    return s.website.url !== null ? [['url', repo.prefixOf(s.website.url)]] : [['host', repo.prefixOf(s.website.host ?? '')]];
  }
  if (kind === 'blacklist') {
    const out = new Map<string, repo.Prefix>(s.blacklist.map((v) => [v, repo.exactly(v)]));
    // A beginning of a value too (an e-mail domain, the first digits of a card), in the stored lower case.
    const typed = s.code ?? s.email;
    if (typed !== null && s.codePrefix && !out.has(typed.toLowerCase())) out.set(typed.toLowerCase(), repo.prefixOf(typed.toLowerCase()));
    return [...out.values()].map((p) => ['value', p]);
  }
  const out: [string, repo.Prefix][] = [];
  if (code) out.push([repo.SOURCES[kind].columns[0] ?? '', code]);
  if (kind === 'complaint' && s.email !== null) out.push(['cardholder_email', repo.prefixOf(s.email)]);
  return out;
}

async function searchKind(db: Db, scope: Scope, kind: keyof typeof repo.SOURCES, s: Shapes): Promise<Found[] | null> {
  const asks = asksOf(kind, s);
  if (asks.length === 0) return null;
  const lists = await Promise.all(
    asks.map(async ([column, p]) =>
      (await repo.recordsBy(db, scope, kind, column, p, TAKE)).map((r) => ({
        id: r.id,
        matched: MATCHED[column] ?? 'tradeNo',
        status: r.status,
        amount: r.amount,
        currency: r.currency,
        at: at(r.at),
        sortAt: r.at,
        detail: r.details.filter((d): d is string => d !== null && d !== '').join(' · '),
        tradeNo: r.trade_no,
      })),
    ),
  );
  return lists.flat();
}

/**
 * Searches every kind the caller may open (its menu permission) for what the text can be, within the
 * caller's scope (merchant and gateways). Kinds run side by side; each is a few index ranges.
 */
export async function search(db: Db, scope: Scope, permissions: ReadonlySet<string>, q: string): Promise<TSearchAnswer> {
  const s = readShapes(q);
  const text = q.trim();
  const groups = await Promise.all(
    SEARCH_KINDS.map(async (kind) => {
      if (kind === 'transaction') {
        const screens = tradeScreens(permissions);
        if (screens.length === 0) return null;
        const found = await searchTrades(db, scope, screens, s);
        return { kind, found };
      }
      const screen = KIND_SCREENS[kind];
      if (!permissions.has(screen)) return null;
      const asked = await searchKind(db, scope, kind, s);
      if (asked === null) return null;
      const lowered = text.toLowerCase();
      const found = rank(asked, (f) => f.id === text || f.id.toLowerCase() === lowered).map((f) => ({ ...f, screen }));
      return { kind, found };
    }),
  );
  return {
    q: text,
    shapes: shapeNames(s),
    groups: groups
      .filter((g) => g !== null && g.found.length > 0)
      .map((g) => {
        const { kind, found } = g as { kind: TSearchKind; found: (Found & { screen: string })[] };
        return {
          kind,
          more: found.length > SEARCH_HITS_PER_KIND,
          hits: found.slice(0, SEARCH_HITS_PER_KIND).map(({ sortAt: _sortAt, ...hit }) => ({ ...hit, kind })),
        };
      }),
  };
}
