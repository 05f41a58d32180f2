/**
 * The GET route of a list: the caller's scope, the gateway filter, one page from the list's
 * repository, and the answer kept per node while the data version holds (platform/kept-answers.ts).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { TListPage, TListPaging } from '@mbo/shared/list';
import type { TPermission } from '@mbo/shared/permissions';
import { dataVersionOf, type Db } from '../db/database';
import { JSON_TYPE, ok, okResponse } from './envelope';
import { emptyPage } from './list';
import { countListAnswer } from './metrics';
import { requireSession } from './request-context';
import { narrowToGateway, type Scope } from './scope';

/**
 * What a list route reads its rows with: the caller's scope (narrowed to a filtered gateway), timezone
 * and clock. A list that reads `now` depends on the clock, so its answer is never kept (registerList).
 */
export type ListRequest = { db: Db; scope: Scope; timezone: string; readonly now: number };

type ListQueryBase = TListPaging & { gatewayNo?: string | undefined };

export type ListRoute<Q extends z.ZodType<ListQueryBase>, Row> = {
  path: string;
  /** The screen's menu url (the read permission). */
  permission: TPermission;
  /** listQuery(filters, refine) of the list's shared schema. */
  query: Q;
  /** zListPage(row) of the list's shared schema. */
  page: z.ZodType<TListPage<Row>>;
  /**
   * One page of rows as the API answers them (keysetPage of the repository, then mapPage): made of the
   * database, the query and `ctx` alone. The time comes from `ctx.now`, never from a clock of its own.
   */
  list: (q: z.output<Q>, ctx: ListRequest) => Promise<TListPage<Row>>;
};

/** Everything a list answer depends on besides the data: the path and query, the caller, language and timezone. */
function answerKey(request: FastifyRequest, scope: Scope): string {
  const gateways = scope.gatewayIds === null ? '*' : scope.gatewayIds.join(',');
  return `${request.url}\n${scope.merchantId}:${scope.adminId ?? ''}:${gateways}\n${request.lang}\n${request.timezone}`;
}

/**
 * GET `path`: one page of a list in the shared envelope. A gateway number the caller may not see
 * gives an empty page (narrowToGateway), as if nothing matched.
 *
 * The serialized answer is kept in this process (app.keptAnswers, platform/kept-answers.ts) with the
 * database's data version read before its rows, and sent again, without a query, while that version
 * has not moved: the same page asked again (a refresh, a second tab, going back) costs no SQL on
 * SQLite and one round trip on PostgreSQL. An answer whose list read `ctx.now` is not kept. On
 * SQLite the version needs no wait, so a kept answer is sent without a promise, as Fastify allows of
 * a handler that sent its answer itself and returns nothing.
 */
export function registerList<Q extends z.ZodType<ListQueryBase>, Row>(
  app: Parameters<FastifyPluginAsyncZod>[0],
  o: ListRoute<Q, Row>,
): void {
  const dataVersion = dataVersionOf(app.db);
  app.get(
    o.path,
    { config: { permission: o.permission }, schema: { querystring: o.query, response: okResponse(o.page) } },
    (request, reply) => {
      const { scope } = requireSession(request);
      const key = answerKey(request, scope);
      const version = dataVersion();
      if (typeof version === 'string') {
        const kept = app.keptAnswers.get(key, version);
        if (kept !== undefined) {
          countListAnswer(request.routeOptions.url ?? o.path, true);
          void reply.type(JSON_TYPE).send(kept as never);
          return;
        }
      }
      return answer(request, reply, scope, key, version);
    },
  );
  const answer = async (request: FastifyRequest, reply: FastifyReply, caller: Scope, key: string, read: string | Promise<string>) => {
    const version = await read;
    const kept = typeof read === 'string' ? undefined : app.keptAnswers.get(key, version);
    if (kept !== undefined) {
      countListAnswer(request.routeOptions.url ?? o.path, true);
      return reply.type(JSON_TYPE).send(kept as never);
    }
    // Validated against `o.query`; the type provider cannot resolve its output type for a generic schema.
    const q = request.query as z.output<Q>;
    const scope = await narrowToGateway(app.db, caller, q.gatewayNo);
    let clockRead = false;
    const ctx: ListRequest = {
      db: app.db,
      scope: scope ?? caller,
      timezone: request.timezone,
      get now() {
        clockRead = true;
        return app.now();
      },
    };
    app.keptAnswers.loads += 1;
    countListAnswer(request.routeOptions.url ?? o.path, false);
    const page = scope ? await o.list(q, ctx) : emptyPage<Row>(q);
    // Made with the route's own serializer: a kept text has passed the response schema like any answer.
    const body = String(reply.serialize(ok(request, page)));
    if (!clockRead) app.keptAnswers.keep(key, version, body);
    return reply.type(JSON_TYPE).send(body as never);
  };
}
