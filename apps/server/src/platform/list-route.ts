/**
 * The GET route of a list: the caller's scope, the gateway filter, one page from the list's
 * repository. Every ask reads the database: no answer is kept between asks (issue 46 §3: with payments
 * arriving, an answer kept until the next write was asked again in 0-4% of the asks of a list with
 * many rows, and the check cost every other ask; bench/RESULTS.md).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { listCountPath, ZListCount, type TListPage, type TListPaging } from '@mbo/shared/list';
import type { TPermission } from '@mbo/shared/permissions';
import type { Db } from '../db/database';
import { ok, okResponse } from './envelope';
import { emptyPage, mapPage } from './list';
import { countAskOf, countingExactly, countRunnerOf } from './list-count';
import { requireSession } from './request-context';
import { narrowToGateway, type Scope } from './scope';
import { dayRangeInZone, type MsRange } from './time';

/** What a list route reads its rows with: the caller's scope (narrowed to a filtered gateway), timezone and clock. */
export type ListRequest = { db: Db; scope: Scope; timezone: string; readonly now: number };

type ListQueryBase = TListPaging & { gatewayNo?: string | undefined };

export type ListRoute<Q extends z.ZodType<ListQueryBase>, Row> = {
  path: string;
  /** The screen's menu url (the read permission). */
  permission: TPermission;
  /** The list's shared declaration (defineList in packages/shared): its query and page schemas. */
  of: { query: Q; page: z.ZodType<TListPage<Row>> };
  /**
   * One page of rows as the API answers them (keysetPage of the repository, then mapPage): made of the
   * database, the query and `ctx` alone. The time comes from `ctx.now`, never from a clock of its own.
   */
  list: (q: z.output<Q>, ctx: ListRequest) => Promise<TListPage<Row>>;
};

/**
 * GET `path`: one page of a list in the shared envelope. A gateway number the caller may not see
 * gives an empty page (narrowToGateway), as if nothing matched.
 * GET `path`/count: the exact number of rows of the same filters (list-count.ts), with the same
 * permission and scope; the paging fields are taken and ignored, so the page's query string serves.
 */
export function registerList<Q extends z.ZodType<ListQueryBase>, Row>(
  app: Parameters<FastifyPluginAsyncZod>[0],
  o: ListRoute<Q, Row>,
): void {
  app.get(
    o.path,
    { config: { permission: o.permission }, schema: { querystring: o.of.query, response: okResponse(o.of.page) } },
    async (request) => {
      const caller = requireSession(request).scope;
      // Validated against `o.of.query`; the type provider cannot resolve its output type for a generic schema.
      const q = request.query as z.output<Q>;
      const scope = await narrowToGateway(app.db, caller, q.gatewayNo);
      const ctx: ListRequest = { db: app.db, scope: scope ?? caller, timezone: request.timezone, now: app.now() };
      return ok(request, scope ? await o.list(q, ctx) : emptyPage<Row>(q));
    },
  );
  const runner = countRunnerOf(app.appConfig.databaseUrl);
  app.get(
    listCountPath(o.path),
    { config: { permission: o.permission }, schema: { querystring: o.of.query, response: okResponse(ZListCount) } },
    async (request, reply) => {
      const caller = requireSession(request).scope;
      const { after: _after, ...q } = request.query as z.output<Q>;
      const scope = await narrowToGateway(app.db, caller, q.gatewayNo);
      if (!scope) return ok(request, { total: 0, capped: false });
      const ctx: ListRequest = { db: app.db, scope, timezone: request.timezone, now: app.now() };
      // A list that pages by number only answers its exact total with its first page.
      const page = await countingExactly(runner, () => o.list({ ...q, page: 1 } as z.output<Q>, ctx), countAskOf(reply));
      return ok(request, { total: page.total, capped: page.capped });
    },
  );
}

/**
 * The page reader of a list filtered by whole days (`from`..`to` in the caller's timezone): the
 * repository's page of that range, each row made the API's.
 */
export function byDay<Q extends { from: string; to: string }, Stored, Row>(
  read: (db: Db, scope: Scope, q: Q, range: MsRange) => Promise<TListPage<Stored>>,
  toRow: (row: Stored) => Row,
): (q: Q, ctx: ListRequest) => Promise<TListPage<Row>> {
  return async (q, { db, scope, timezone }) => mapPage(await read(db, scope, q, dayRangeInZone(q.from, q.to, timezone)), toRow);
}
