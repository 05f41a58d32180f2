import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ZLoginResult, ZSessionInfo } from '@mbo/shared/auth';
import { ZEmptyData } from '@mbo/shared/envelope';
import {
  ZAcceptInvitationBody,
  ZAccountInfo,
  ZCaptchaBody,
  ZChangeEmailBody,
  ZChangePhoneBody,
  ZChangePhoneSendSmsBody,
  ZCodeSent,
  ZCreateBusinessBody,
  ZInvitation,
  ZInvitationInfo,
  ZInvitationTokenQuery,
  ZInviteBody,
  ZRemoveAccountBody,
  ZResendInvitationBody,
  ZResendVerifyEmailBody,
  ZResetPwdBody,
  ZResetPwdSendEmailBody,
  ZResetPwdSendSmsBody,
  ZResetPwdVerifySmsBody,
  ZResetToken,
  ZSendCodeBody,
  ZSignInBody,
  ZSignUpBody,
  ZSsoLoginBody,
  ZTwoFAToggleBody,
  ZTwoFAVerifyBody,
  ZUpgradeSendCodeBody,
  ZUpgradeVerifyBody,
  ZVerifyEmailBody,
  ZVerifyEmailResult,
} from '@mbo/shared/onboarding';
import { OnboardingPath } from '@mbo/shared/onboarding-paths';
import { AdminPath, ZAdminIdBody } from '@mbo/shared/system-admins';
import { ok, okResponse } from '../../platform/envelope';
import { requireSession } from '../../platform/request-context';
import type { Client, OnboardingDeps } from './context';
import * as identity from './identity-service';
import * as reset from './password-reset';
import * as invitations from './invitation-service';
import { roleIsAdmin } from './invitation-repository';
import * as settings from './settings-service';
import { kycRoutes } from './kyc-routes';
import { checkGrant, checkResend, resetTarget } from '../system/admins-service';

function clientOf(request: FastifyRequest): Client {
  const ua = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof ua === 'string' ? ua : '', lang: request.lang };
}

export const onboardingRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: OnboardingDeps = {
    db: app.db,
    now: app.now,
    notifier: app.notifier,
    background: app.background,
    files: app.files,
  };

  // ----- Sign-up, sign-in, password reset, email verification, SSO (no token)

  /** A route anyone may call (no session): `answer` answers its checked body for this client. */
  function publicPost<B extends z.ZodType, T>(
    path: string,
    schema: { body: B; answer: z.ZodType<T> },
    answer: (body: z.output<B>, client: Client) => Promise<T>,
  ): void {
    app.post(path, { config: { public: true }, schema: { body: schema.body, response: okResponse(schema.answer) } }, async (request) =>
      // Validated against `schema.body`; the type provider cannot resolve its output type for a generic schema.
      ok(request, await answer(request.body as z.output<B>, clientOf(request))),
    );
  }

  publicPost(OnboardingPath.captchaSms, { body: ZCaptchaBody, answer: ZCodeSent }, (body, client) =>
    identity.sendPublicCode(deps, body, client),
  );
  publicPost(OnboardingPath.signUp, { body: ZSignUpBody, answer: ZLoginResult }, (body, client) => identity.signUp(deps, body, client));
  publicPost(OnboardingPath.signIn, { body: ZSignInBody, answer: ZLoginResult }, (body, client) =>
    identity.signInWithCode(deps, body, client),
  );
  publicPost(OnboardingPath.verifyEmail, { body: ZVerifyEmailBody, answer: ZVerifyEmailResult }, (body, client) =>
    identity.verifyEmail(deps, body.token, client),
  );
  publicPost(OnboardingPath.resendVerifyEmail, { body: ZResendVerifyEmailBody, answer: ZEmptyData }, async (body, client) => {
    await identity.resendVerificationEmail(deps, body.email, client);
    return null;
  });
  publicPost(OnboardingPath.resetPwdSendEmail, { body: ZResetPwdSendEmailBody, answer: ZEmptyData }, async (body, client) => {
    await reset.sendResetEmail(deps, body.email, client);
    return null;
  });
  publicPost(OnboardingPath.resetPwdSendSms, { body: ZResetPwdSendSmsBody, answer: ZCodeSent }, (body, client) =>
    reset.sendResetSms(deps, body.mobile, client),
  );
  publicPost(OnboardingPath.resetPwdVerifySmsCode, { body: ZResetPwdVerifySmsBody, answer: ZResetToken }, (body, client) =>
    reset.verifyResetSms(deps, body.mobile, body.code, client),
  );
  publicPost(OnboardingPath.resetPwd, { body: ZResetPwdBody, answer: ZEmptyData }, async (body, client) => {
    await reset.resetPassword(deps, body, client);
    return null;
  });
  publicPost(OnboardingPath.loginBySysAdmin, { body: ZSsoLoginBody, answer: ZLoginResult }, (body, client) =>
    identity.signInWithTicket(deps, body.ticket, client),
  );

  // ----- Signed in: second step, new business, settings, account upgrade

  app.post(
    OnboardingPath.sendCode,
    { config: { signedIn: true, allowPending2fa: true }, schema: { body: ZSendCodeBody, response: okResponse(ZCodeSent) } },
    async (request) => ok(request, await settings.sendSessionCode(deps, requireSession(request), request.body, clientOf(request))),
  );

  app.post(
    OnboardingPath.twoFAVerify,
    { config: { signedIn: true, allowPending2fa: true }, schema: { body: ZTwoFAVerifyBody, response: okResponse(ZLoginResult) } },
    async (request) => ok(request, await identity.verifyTwoFactor(deps, requireSession(request), request.body.code, clientOf(request))),
  );

  app.post(
    OnboardingPath.twoFAToggle,
    { config: { signedIn: true }, schema: { body: ZTwoFAToggleBody, response: okResponse(ZEmptyData) } },
    async (request) => {
      await settings.toggleTwoFactor(deps, requireSession(request), request.body, clientOf(request));
      return ok(request, null);
    },
  );

  app.post(
    OnboardingPath.createNewBusiness,
    { config: { signedIn: true }, schema: { body: ZCreateBusinessBody.nullish(), response: okResponse(ZLoginResult) } },
    async (request) => ok(request, await identity.createNewBusiness(deps, requireSession(request), request.body ?? {}, clientOf(request))),
  );

  app.get(OnboardingPath.accountInfo, { config: { signedIn: true }, schema: { response: okResponse(ZAccountInfo) } }, async (request) =>
    ok(request, await settings.getAccountInfo(deps, requireSession(request), clientOf(request))),
  );

  app.post(
    OnboardingPath.changeEmail,
    { config: { signedIn: true }, schema: { body: ZChangeEmailBody, response: okResponse(ZEmptyData) } },
    async (request) => {
      await settings.changeEmail(deps, requireSession(request), request.body, clientOf(request));
      return ok(request, null);
    },
  );

  app.post(
    OnboardingPath.changePhoneSendSms,
    { config: { signedIn: true }, schema: { body: ZChangePhoneSendSmsBody, response: okResponse(ZCodeSent) } },
    async (request) =>
      ok(request, await settings.sendChangePhoneCode(deps, requireSession(request), request.body.newMobile, clientOf(request))),
  );

  app.post(
    OnboardingPath.changePhone,
    { config: { signedIn: true }, schema: { body: ZChangePhoneBody, response: okResponse(ZEmptyData) } },
    async (request) => {
      await settings.changePhone(deps, requireSession(request), request.body, clientOf(request));
      return ok(request, null);
    },
  );

  app.post(
    OnboardingPath.removeAccount,
    { config: { signedIn: true }, schema: { body: ZRemoveAccountBody, response: okResponse(ZEmptyData) } },
    async (request) => {
      await settings.removeAccount(deps, requireSession(request), request.body.code, clientOf(request));
      return ok(request, null);
    },
  );

  app.post(
    OnboardingPath.upgradeSendCode,
    { config: { signedIn: true }, schema: { body: ZUpgradeSendCodeBody, response: okResponse(ZCodeSent) } },
    async (request) => ok(request, await settings.sendUpgradeCode(deps, requireSession(request), request.body, clientOf(request))),
  );

  app.post(
    OnboardingPath.upgradeVerify,
    { config: { signedIn: true }, schema: { body: ZUpgradeVerifyBody, response: okResponse(ZSessionInfo) } },
    async (request) => ok(request, await settings.verifyUpgrade(deps, requireSession(request), request.body, clientOf(request))),
  );

  // ----- Invitations

  const inviterOf = async (request: FastifyRequest) => {
    const session = requireSession(request);
    return {
      scope: session.scope,
      adminId: session.adminId,
      sysAdmin: session.sysAdmin,
      mayGrantAdminRole: await roleIsAdmin(app.db, session.roleId, session.merchantId),
      ip: request.ip,
    };
  };

  app.post(
    OnboardingPath.invite,
    { config: { permission: 'Admin:Invite' }, schema: { body: ZInviteBody, response: okResponse(ZInvitation) } },
    async (request) => {
      // Nobody invites into a role or gateways beyond their own (system/admins-service.ts).
      await checkGrant(app.db, requireSession(request), request.body);
      return ok(request, await invitations.inviteAdmin(deps, await inviterOf(request), request.body, request.lang));
    },
  );

  app.post(
    OnboardingPath.resendInvitation,
    { config: { permission: 'Admin:Invite' }, schema: { body: ZResendInvitationBody, response: okResponse(ZInvitation) } },
    async (request) => {
      await checkResend(app.db, requireSession(request), request.body.adminId);
      return ok(request, await invitations.resendInvitation(deps, await inviterOf(request), request.body.adminId, request.lang));
    },
  );

  app.post(
    AdminPath.resetPassword,
    {
      config: { permission: 'Admin:ResetPassword', operation: { type: 'edit' } },
      schema: { body: ZAdminIdBody, response: okResponse(ZEmptyData) },
    },
    async (request) => {
      // Whose address: an administrator of the caller's merchant that the caller may manage (system/admins-service.ts).
      const email = await resetTarget(app.db, requireSession(request), request.body.adminId);
      await reset.sendResetEmail(deps, email, clientOf(request));
      return ok(request, null);
    },
  );

  app.get(
    OnboardingPath.invitationInfo,
    { config: { public: true }, schema: { querystring: ZInvitationTokenQuery, response: okResponse(ZInvitationInfo) } },
    async (request) => ok(request, await invitations.getInvitation(deps, request.query.token, request.ip)),
  );

  app.post(
    OnboardingPath.acceptInvitation,
    { config: { public: true }, schema: { body: ZAcceptInvitationBody, response: okResponse(ZLoginResult) } },
    async (request) => ok(request, await invitations.acceptInvitation(deps, request.body, clientOf(request))),
  );

  // ----- KYC (own plugin: it parses multipart)

  await app.register(kycRoutes, { deps });
};
