import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiPath } from '@mbo/shared/api-paths';
import { ZLoginBody, ZLoginResult, ZSessionInfo, ZSwitchBusinessBody, ZUpdatePasswordBody } from '@mbo/shared/auth';
import { SUCCESS_CODE, ZEmptyData } from '@mbo/shared/envelope';
import { UnlockPath } from '@mbo/shared/sign-in-lock';
import { ZUnlockBody, ZUnlockSendCodeBody } from '@mbo/shared/sign-in-unlock';
import { ok, okResponse } from '../../platform/envelope';
import { translate } from '../../platform/i18n';
import { requireSession } from '../../platform/request-context';
import { passkeyRoutes } from './passkey-routes';
import { changePassword } from './password-change';
import { buildSessionInfo, login, logout, requestUnlockCode, switchBusiness, unlockAndSignIn, type AuthDeps, type Client } from './service';

function clientOf(request: FastifyRequest): Client {
  const ua = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof ua === 'string' ? ua : '', lang: request.lang };
}

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: AuthDeps = { db: app.db, now: app.now, notifier: app.notifier, background: app.background };

  app.post(ApiPath.login, { config: { public: true }, schema: { body: ZLoginBody, response: okResponse(ZLoginResult) } }, async (request) =>
    ok(request, await login(deps, request.body, clientOf(request))),
  );

  // The answer is the same whatever was typed, so it says what happens when the details are right.
  app.post(
    UnlockPath.sendCode,
    { config: { public: true }, schema: { body: ZUnlockSendCodeBody, response: okResponse(ZEmptyData) } },
    async (request) => {
      await requestUnlockCode(deps, request.body, clientOf(request));
      return { code: SUCCESS_CODE, msg: translate(request.lang, 'login.unlockCodeSent'), data: null };
    },
  );

  app.post(
    UnlockPath.unlock,
    { config: { public: true }, schema: { body: ZUnlockBody, response: okResponse(ZLoginResult) } },
    async (request) => ok(request, await unlockAndSignIn(deps, request.body, clientOf(request))),
  );

  app.get(
    ApiPath.getInfo,
    { config: { signedIn: true, allowPending2fa: true }, schema: { response: okResponse(ZSessionInfo) } },
    async (request) => ok(request, await buildSessionInfo(app.db, requireSession(request))),
  );

  app.post(
    ApiPath.logout,
    { config: { signedIn: true, allowPending2fa: true }, schema: { response: okResponse(ZEmptyData) } },
    async (request) => {
      await logout(deps, requireSession(request), clientOf(request));
      return ok(request, null);
    },
  );

  app.post(
    ApiPath.updatePassword,
    { config: { signedIn: true }, schema: { body: ZUpdatePasswordBody, response: okResponse(ZEmptyData) } },
    async (request) => {
      await changePassword(deps, requireSession(request), request.body, clientOf(request));
      return ok(request, null);
    },
  );

  app.post(
    ApiPath.switchBusiness,
    { config: { signedIn: true }, schema: { body: ZSwitchBusinessBody, response: okResponse(ZLoginResult) } },
    async (request) => ok(request, await switchBusiness(deps, requireSession(request), request.body.businessId, clientOf(request))),
  );

  await app.register(passkeyRoutes);
};
