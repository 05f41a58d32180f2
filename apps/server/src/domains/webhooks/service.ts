import type { FastifyInstance } from 'fastify';
import { isLanguage, DEFAULT_LANGUAGE, type TLanguage } from '@mbo/shared/i18n';
import { WEBHOOK_ENDPOINTS_MAX, type TWebhookEndpointAdd, type TWebhookEndpointEdit, type TWebhookTestResult } from '@mbo/shared/webhooks';
import type { Db } from '../../db/database';
import { businessError } from '../../platform/errors';
import type { Scope } from '../../platform/scope';
import { dayRangeInZone } from '../../platform/time';
import { insertEvent } from './outbox';
import * as repo from './repository';
import { refusedUrl, sendWebhook } from './sender';
import { failPending, findMerchantName, findSendable, holdDelivery, ownerAddresses } from './delivery-repository';
import { attemptDelivery, type WorkerDeps } from './worker';

/** The worker's dependencies from the app: its clock, the sender under the configured limits, the owners' mail. */
export function webhookWorkerDeps(app: FastifyInstance, random: () => number = Math.random): WorkerDeps {
  const config = app.appConfig;
  return {
    db: app.db,
    now: app.now,
    random,
    send: (url, body, headers) =>
      sendWebhook(url, body, headers, { timeoutMs: config.webhookTimeoutMs, allowLocal: config.webhookAllowLocal }),
    endpointDisabled: (endpoint) =>
      app.background.run('webhookDisabledNotice', async () => {
        const merchant = await findMerchantName(app.db, endpoint.merchantId);
        for (const owner of await ownerAddresses(app.db, endpoint.merchantId)) {
          const lang: TLanguage = owner.language && isLanguage(owner.language) ? owner.language : DEFAULT_LANGUAGE;
          await app.notifier.mail.send(owner.to, lang, 'webhookDisabled', {
            merchantName: merchant.name,
            merchantNo: merchant.merchant_no,
            url: endpoint.url,
            link: app.notifier.link('signIn'),
          });
        }
      }),
    log: app.log,
  };
}

function checkUrl(url: string, allowLocal: boolean): void {
  const refusal = refusedUrl(url, allowLocal);
  if (refusal) throw businessError(refusal);
}

export async function addEndpoint(db: Db, scope: Scope, body: TWebhookEndpointAdd, allowLocal: boolean, now: number): Promise<number> {
  checkUrl(body.url, allowLocal);
  const gateway = await repo.findScopedGateway(db, scope, body.gatewayNo);
  if (!gateway) throw businessError('webhook.gatewayNotFound');
  return db.transaction().execute(async (trx) => {
    if ((await repo.countEndpoints(trx, scope.merchantId)) >= WEBHOOK_ENDPOINTS_MAX)
      throw businessError('webhook.tooMany', { max: WEBHOOK_ENDPOINTS_MAX });
    return repo.insertEndpoint(trx, scope.merchantId, gateway.id, body, now);
  });
}

async function requireEndpoint(db: Db, scope: Scope, id: number) {
  const endpoint = await repo.findEndpoint(db, scope, id);
  if (!endpoint) throw businessError('webhook.notFound');
  return endpoint;
}

export async function editEndpoint(db: Db, scope: Scope, body: TWebhookEndpointEdit, allowLocal: boolean, now: number): Promise<void> {
  checkUrl(body.url, allowLocal);
  const endpoint = await requireEndpoint(db, scope, body.id);
  await repo.updateEndpoint(db, endpoint.id, { url: body.url, kinds: body.kinds.join(','), updated_at: now });
}

/** Enabling clears the failure record (a fresh 3 days); disabling by the user keeps pending deliveries waiting. */
export async function enableEndpoint(db: Db, scope: Scope, id: number, enabled: boolean, now: number): Promise<void> {
  const endpoint = await requireEndpoint(db, scope, id);
  await repo.updateEndpoint(
    db,
    endpoint.id,
    enabled
      ? { enabled: 1, disabled_reason: '', failing_since: null, updated_at: now }
      : { enabled: 0, disabled_reason: 'byUser', updated_at: now },
  );
}

/** A deleted endpoint is kept for its delivery log; what was still pending for it fails. */
export async function deleteEndpoint(db: Db, scope: Scope, id: number, now: number): Promise<void> {
  const endpoint = await requireEndpoint(db, scope, id);
  await db.transaction().execute(async (trx) => {
    await repo.updateEndpoint(trx, endpoint.id, { enabled: 0, deleted_at: now, updated_at: now });
    await failPending(trx, endpoint.id, 'endpointDeleted', now);
  });
}

/** A signed `test` event sent now (not retried); it is in the delivery log like any other. */
export async function testEndpoint(deps: WorkerDeps, scope: Scope, id: number): Promise<TWebhookTestResult> {
  const endpoint = await requireEndpoint(deps.db, scope, id);
  const now = deps.now();
  const gatewayNo = await repo.gatewayNoOf(deps.db, endpoint.gateway_id);
  const deliveryId = await deps.db.transaction().execute(async (trx) => {
    const object = {
      merchantId: scope.merchantId,
      gatewayId: endpoint.gateway_id,
      objectNo: 'test',
      data: { object: 'test', gatewayNo, message: 'This is a test notification.' },
    };
    const eventId = await insertEvent(trx, 'test', object, [endpoint.id], now);
    // Not due for the worker: this request sends it itself, once.
    return holdDelivery(trx, eventId);
  });
  const result = await attemptDelivery(deps, await findSendable(deps.db, deliveryId), false);
  return result;
}

export async function resendDelivery(db: Db, scope: Scope, deliveryId: number, now: number): Promise<void> {
  const d = await repo.findDelivery(db, scope, deliveryId);
  if (!d) throw businessError('webhook.deliveryNotFound');
  if (d.enabled !== 1 || d.deleted_at !== null) throw businessError('webhook.endpointDisabled');
  if (d.status === 'pending') throw businessError('webhook.alreadyPending');
  await repo.requeue(db, scope, { id: d.id }, now);
}

export function resendFailed(db: Db, scope: Scope, q: { from: string; to: string }, timezone: string, now: number): Promise<number> {
  return repo.requeue(db, scope, dayRangeInZone(q.from, q.to, timezone), now);
}
