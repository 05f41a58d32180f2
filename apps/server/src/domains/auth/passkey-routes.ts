import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZLoginResult } from '@mbo/shared/auth';
import { ZEmptyData } from '@mbo/shared/envelope';
import { ZCodeSent } from '@mbo/shared/onboarding';
import {
  PasskeyPath,
  ZFreshCheckBody,
  ZFreshCheckResult,
  ZFreshCheckSendCodeBody,
  ZPasskey,
  ZPasskeyAssertionBody,
  ZPasskeyIdBody,
  ZPasskeyList,
  ZPasskeyRegisterBody,
  ZPasskeySignInBody,
  ZSaveSecuritySettingsBody,
  ZSecuritySettings,
  ZWebAuthnOptions,
} from '@mbo/shared/passkeys';
import { ok, okResponse } from '../../platform/envelope';
import { requireFreshCheck } from '../../platform/fresh-check';
import { requireSession } from '../../platform/request-context';
import { passFreshCheck, readSecuritySettings, saveRefundThreshold, sendFreshCheckCode } from './fresh-check-service';
import {
  assertionOptions,
  listPasskeys,
  passTwoFactorWithPasskey,
  registerPasskey,
  registrationOptions,
  removePasskey,
  signInWithPasskey,
  type PasskeyDeps,
} from './passkeys';
import type { Client } from './service';

function clientOf(request: FastifyRequest): Client {
  const ua = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof ua === 'string' ? ua : '', lang: request.lang };
}

/**
 * Passkeys, the fresh check and the merchant's security settings (README.md "Passkeys", "Fresh check").
 * Adding or removing a passkey and lowering the refund threshold are themselves guarded by the fresh
 * check: a borrowed session must not be able to plant its own passkey.
 */
export const passkeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: PasskeyDeps = { db: app.db, now: app.now, notifier: app.notifier, background: app.background, appUrl: app.appConfig.appUrl };
  const guarded = { preHandler: requireFreshCheck };

  app.get(PasskeyPath.list, { config: { signedIn: true }, schema: { response: okResponse(ZPasskeyList) } }, async (request) =>
    ok(request, await listPasskeys(deps, requireSession(request))),
  );

  app.post(
    PasskeyPath.registerOptions,
    { config: { signedIn: true }, ...guarded, schema: { response: okResponse(ZWebAuthnOptions) } },
    async (request) => ok(request, await registrationOptions(deps, requireSession(request))),
  );

  app.post(
    PasskeyPath.register,
    { config: { signedIn: true }, ...guarded, schema: { body: ZPasskeyRegisterBody, response: okResponse(ZPasskey) } },
    async (request) => ok(request, await registerPasskey(deps, requireSession(request), request.body, clientOf(request))),
  );

  app.post(
    PasskeyPath.remove,
    { config: { signedIn: true }, ...guarded, schema: { body: ZPasskeyIdBody, response: okResponse(ZEmptyData) } },
    async (request) => {
      await removePasskey(deps, requireSession(request), request.body.id);
      return ok(request, null);
    },
  );

  app.post(PasskeyPath.signInOptions, { config: { public: true }, schema: { response: okResponse(ZWebAuthnOptions) } }, async (request) =>
    ok(request, await assertionOptions(deps, null)),
  );

  app.post(
    PasskeyPath.signIn,
    { config: { public: true }, schema: { body: ZPasskeySignInBody, response: okResponse(ZLoginResult) } },
    async (request) => ok(request, await signInWithPasskey(deps, request.body, clientOf(request))),
  );

  app.post(
    PasskeyPath.checkOptions,
    { config: { signedIn: true, allowPending2fa: true }, schema: { response: okResponse(ZWebAuthnOptions) } },
    async (request) => ok(request, await assertionOptions(deps, requireSession(request))),
  );

  app.post(
    PasskeyPath.twoFactor,
    { config: { signedIn: true, allowPending2fa: true }, schema: { body: ZPasskeyAssertionBody, response: okResponse(ZLoginResult) } },
    async (request) => ok(request, await passTwoFactorWithPasskey(deps, requireSession(request), request.body.response, clientOf(request))),
  );

  app.post(
    PasskeyPath.freshCheckSendCode,
    { config: { signedIn: true }, schema: { body: ZFreshCheckSendCodeBody, response: okResponse(ZCodeSent) } },
    async (request) => ok(request, await sendFreshCheckCode(deps, requireSession(request), request.body.channel, clientOf(request))),
  );

  app.post(
    PasskeyPath.freshCheck,
    { config: { signedIn: true }, schema: { body: ZFreshCheckBody, response: okResponse(ZFreshCheckResult) } },
    async (request) => ok(request, { checkedAt: await passFreshCheck(deps, requireSession(request), request.body, clientOf(request)) }),
  );

  app.get(
    PasskeyPath.securitySettings,
    { config: { signedIn: true }, schema: { response: okResponse(ZSecuritySettings) } },
    async (request) => ok(request, await readSecuritySettings(deps, requireSession(request))),
  );

  app.post(
    PasskeyPath.saveSecuritySettings,
    { config: { signedIn: true }, ...guarded, schema: { body: ZSaveSecuritySettingsBody, response: okResponse(ZEmptyData) } },
    async (request) => {
      await saveRefundThreshold(deps, requireSession(request), request.body.refundCheckThreshold);
      return ok(request, null);
    },
  );
};
