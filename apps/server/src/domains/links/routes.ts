import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZEmptyData } from '@mbo/shared/envelope';
import {
  LinkPath,
  PayPath,
  ZLinkCreate,
  ZLinkCreated,
  ZLinkDisable,
  ZLinkKeyParams,
  ZLinkListQuery,
  ZLinkOptions,
  ZLinkPage,
  ZLinkPayments,
  ZPayPage,
  ZPayResult,
  ZPaySubmit,
  type TLink,
} from '@mbo/shared/links';
import { ErrorCode } from '@mbo/shared/envelope';
import { ok, okResponse } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import { idempotentRequestOf, withIdempotency, ZIdempotencyHeaders } from '../../platform/idempotency';
import { mapPage } from '../../platform/list';
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
  const toLink = (r: repo.LinkRow, now: number): TLink => ({
    linkKey: r.link_key,
    url: service.linkUrl(appUrl, r.custom_domain, r.link_key),
    title: r.title,
    description: r.description,
    linkType: r.link_type,
    status: r.status,
    payStatus: r.pay_status,
    activeUntil: r.active_until_date,
    expired: now >= Number(r.expires_at),
    reference: r.reference,
    gatewayNo: r.gateway_no,
    currency: r.currency,
    amountMode: r.amount_mode,
    amount: r.amount === null ? null : Number(r.amount),
    minAmount: r.min_amount === null ? null : Number(r.min_amount),
    maxAmount: r.max_amount === null ? null : Number(r.max_amount),
    customerMessage: r.customer_message,
    collectBilling: r.collect_billing === 1,
    collectShipping: r.collect_shipping === 1,
    methods: r.methods.split(',').filter(Boolean),
    customDomain: r.custom_domain,
    operatingName: r.operating_name,
    prefill: service.parsePrefill(r.prefill),
    paidCount: Number(r.paid_count),
    createdBy: r.created_by,
    createdAt: toIso(Number(r.created_at)),
    disabledAt: r.disabled_at === null ? null : toIso(Number(r.disabled_at)),
    pausedUntil: r.paused_until !== null && now < Number(r.paused_until) ? toIso(Number(r.paused_until)) : null,
  });

  registerList(app, {
    path: LinkPath.list,
    permission: '/shortcutPayment/initManageLinks',
    query: ZLinkListQuery,
    page: ZLinkPage,
    list: async (q, { db, scope, now }) => mapPage(await repo.listLinks(db, scope, q), (r) => toLink(r, now)),
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
