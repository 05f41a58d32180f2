import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZEmptyData } from '@mbo/shared/envelope';
import {
  LinkPath,
  PayPath,
  ZLinkCreate,
  ZLinkCreated,
  ZLinkDisable,
  ZLinkKeyParams,
  ZLinkOptions,
  ZLinkPayments,
  ZPayPage,
  ZPayResult,
  ZPaySubmit,
  LINKS,
} from '@mbo/shared/links';
import { ErrorCode } from '@mbo/shared/envelope';
import { ok, okResponse } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import { idempotentRequestOf, withIdempotency, ZIdempotencyHeaders } from '../../platform/idempotency';
import { mapPage } from '../../platform/list';
import { rowMapper } from '../../platform/list-fields';
import { registerList } from '../../platform/list-route';
import { requireSession } from '../../platform/request-context';
import { toIso } from '../../platform/time';
import * as repo from './repository';
import * as service from './service';

function splitRules(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Payment links of the Shortcut payment menu, and the public hosted page's two routes. */
export const linkRoutes: FastifyPluginAsyncZod = async (app) => {
  const appUrl = app.appConfig.appUrl;
  const cardTesting = { db: app.db, notifier: app.notifier, background: app.background, fingerprintKey: app.appConfig.cardFingerprintKey };
  /** A listed link as the answer gives it; whether it is expired or paused is read at `now`. */
  const toLink = (now: number) =>
    rowMapper(LINKS.fields, {
      url: (r) => service.linkUrl(appUrl, String(r.customDomain), String(r.linkKey)),
      expired: (r) => now >= Number(r.expiresAt),
      collectBilling: (r) => r.collectBilling === 1,
      collectShipping: (r) => r.collectShipping === 1,
      methods: (r) => String(r.methods).split(',').filter(Boolean),
      prefill: (r) => service.parsePrefill(String(r.prefill)),
      pausedUntil: (r) => (r.pausedUntil !== null && now < Number(r.pausedUntil) ? toIso(Number(r.pausedUntil)) : null),
    });

  registerList(app, {
    path: LinkPath.list,
    permission: '/shortcutPayment/initManageLinks',
    of: LINKS,
    list: async (q, { db, scope, now }) => mapPage(await repo.listLinks(db, scope, q), toLink(now)),
  });

  app.get(
    LinkPath.options,
    { config: { permission: '/shortcutPayment/initManageLinks' }, schema: { response: okResponse(ZLinkOptions) } },
    async (request) => ok(request, await service.getLinkOptions(app.db, requireSession(request).scope)),
  );

  app.post(
    LinkPath.create,
    {
      config: { permission: 'ShortcutPayment:Create', operation: { type: 'add', target: ['linkKey'] } },
      schema: { body: ZLinkCreate, response: okResponse(ZLinkCreated) },
    },
    async (request) => {
      const session = requireSession(request);
      const created = await service.createLink(app.db, session.scope, request.body, {
        createdBy: session.loginName,
        now: app.now(),
        timezone: request.timezone,
        appUrl,
      });
      return ok(request, created);
    },
  );

  app.post(
    LinkPath.disable,
    {
      config: { permission: 'ShortcutPayment:Disable', operation: { type: 'edit', target: ['linkKey'] } },
      schema: { body: ZLinkDisable, response: okResponse(ZEmptyData) },
    },
    async (request) => {
      const session = requireSession(request);
      await service.disableLink(app.db, session.scope, request.body.linkKey, app.now());
      return ok(request, null);
    },
  );

  app.get(
    LinkPath.payments,
    { config: { permission: '/shortcutPayment/initManageLinks' }, schema: { params: ZLinkKeyParams, response: okResponse(ZLinkPayments) } },
    async (request) => {
      const { scope } = requireSession(request);
      const link = await repo.findLink(app.db, scope, request.params.linkKey);
      if (!link) throw new AppError('link.notFound', ErrorCode.notFound);
      const rows = await repo.findLinkPayments(app.db, Number(link.id));
      return ok(request, {
        list: rows.map((r) => ({
          tradeNo: r.trade_no,
          category: r.category,
          payStatus: r.pay_status,
          currency: r.currency,
          amount: Number(r.amount),
          email: r.customer_email,
          card: `${r.card_first6}******${r.card_last4}`,
          riskRules: splitRules(r.risk_rules),
          createdAt: toIso(Number(r.created_at)),
        })),
      });
    },
  );

  // The hosted page: anyone holding the link's key.
  app.get(PayPath.page, { config: { public: true }, schema: { params: ZLinkKeyParams, response: okResponse(ZPayPage) } }, async (request) =>
    ok(request, await service.getPayPage(app.db, request.params.linkKey, app.now())),
  );

  app.post(
    PayPath.submit,
    {
      config: { public: true, operation: { module: 'shortcutPayment', type: 'add', target: ['tradeNo'] } },
      schema: { params: ZLinkKeyParams, headers: ZIdempotencyHeaders, body: ZPaySubmit, response: okResponse(ZPayResult) },
    },
    async (request) => {
      const key = request.params.linkKey;
      const link = await service.linkForPayment(app.db, key);
      const now = app.now();
      const paid = await withIdempotency(
        app.db,
        idempotentRequestOf(request, Number(link.merchant_id), service.payFingerprint(key, request.body)),
        now,
        (tx) => service.payThroughLink(app.db, link, request.body, { now, ip: request.ip, appUrl, cardTesting }, tx),
      );
      return ok(request, paid);
    },
  );
};
