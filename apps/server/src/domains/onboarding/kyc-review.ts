import type { TLanguage } from '@mbo/shared/i18n';
import { KycReviewState, ZKycProfile, type TKycProfile } from '@mbo/shared/kyc';
import { writeOperationLog } from '../../platform/audit';
import { businessError } from '../../platform/errors';
import { operatorScope } from '../../platform/scope';
import { languageOf, type OnboardingDeps } from './context';
import * as kycRepo from './kyc-repository';
import { findGatewayInCurrency, merchantReadiness, setUpGateway, type Readiness, type SetupDone } from './merchant-setup';
import * as repo from './repository';

/*
 * The acquirer's review of a KYC profile (operator side: `npm run ops -- kyc:approve|kyc:reject|kyc:setup`;
 * tests call the same functions).
 */

type ReviewDeps = Pick<OnboardingDeps, 'db' | 'now' | 'notifier'>;

async function applicantOf(deps: ReviewDeps, merchantId: number, submittedBy: number | null) {
  const personId = submittedBy ?? (await repo.findOwnerAdmin(deps.db, merchantId))?.person_id ?? null;
  return personId !== null ? repo.getPerson(deps.db, personId) : undefined;
}

async function logReview(deps: ReviewDeps, merchantId: number, operation: string, content: string): Promise<void> {
  const owner = await repo.findOwnerAdmin(deps.db, merchantId);
  if (!owner) return;
  await writeOperationLog(deps.db, {
    merchantId,
    adminId: owner.id,
    sysAdmin: true,
    module: 'onboarding',
    operation,
    content,
    ip: '',
    now: deps.now(),
  });
}

export type ReviewOutcome = {
  merchantNo: string;
  businessName: string;
  gatewayNo?: string;
  /** What approval set up for the gateway (merchant-setup.ts), and what the merchant can work with after it. */
  setup?: SetupDone;
  readiness?: Readiness;
  mailedTo: string | null;
};

function submittedProfile(json: string): TKycProfile {
  return ZKycProfile.parse(JSON.parse(json));
}

/**
 * Approves a profile under review: the business becomes active (status 40) with every module, the
 * owner holds the administrator role, a gateway opens in the settlement currency with card schemes
 * (`services`, else the gateway's own, else visa and mastercard), a settlement configuration and the
 * KYC bank account, all in one transaction, and the applicant is told by mail.
 */
export async function approveKyc(
  deps: ReviewDeps,
  merchantId: number,
  lang: TLanguage = 'en',
  o: { services?: string } = {},
): Promise<ReviewOutcome> {
  const scope = operatorScope(merchantId);
  const profile = await kycRepo.findProfile(deps.db, scope);
  if (!profile || profile.review_state !== KycReviewState.underReview || !profile.submitted_json) throw businessError('kyc.notUnderReview');
  const submitted = submittedProfile(profile.submitted_json);
  const now = deps.now();
  const activated = await kycRepo.activateBusiness(
    deps.db,
    scope,
    {
      legalName: submitted.business.legalName,
      region: submitted.business.registrationPlace === 'CN' ? 'domestic' : 'overseas',
      currency: submitted.bank.settlementCurrency,
      now,
    },
    (trx, gateway) => setUpGateway(trx, merchantId, gateway.id, { ...o, bank: submitted.bank, now }),
  );
  if (!activated) throw businessError('kyc.notUnderReview');
  const merchant = await kycRepo.getMerchant(deps.db, scope);
  const person = await applicantOf(deps, merchantId, profile.submitted_by_person_id);
  const outcome: ReviewOutcome = {
    merchantNo: merchant?.merchant_no ?? '',
    businessName: submitted.business.legalName,
    gatewayNo: activated.gatewayNo,
    setup: activated.setup,
    readiness: await merchantReadiness(deps.db, merchantId),
    mailedTo: person?.email ?? null,
  };
  if (person) {
    await deps.notifier.mail.send(person.email, languageOf(person, lang), 'kycApproved', {
      businessName: outcome.businessName,
      merchantNo: outcome.merchantNo,
      link: deps.notifier.link('activate'),
    });
  }
  await logReview(deps, merchantId, 'kycApproved', `gatewayNo=${activated.gatewayNo}`);
  return outcome;
}

export async function rejectKyc(deps: ReviewDeps, merchantId: number, reason: string, lang: TLanguage = 'en'): Promise<ReviewOutcome> {
  const scope = operatorScope(merchantId);
  const profile = await kycRepo.findProfile(deps.db, scope);
  if (!profile || profile.review_state !== KycReviewState.underReview) throw businessError('kyc.notUnderReview');
  if (!(await kycRepo.rejectProfile(deps.db, scope, reason, deps.now()))) throw businessError('kyc.notUnderReview');
  const merchant = await kycRepo.getMerchant(deps.db, scope);
  const person = await applicantOf(deps, merchantId, profile.submitted_by_person_id);
  const outcome: ReviewOutcome = {
    merchantNo: merchant?.merchant_no ?? '',
    businessName: merchant?.name ?? '',
    mailedTo: person?.email ?? null,
  };
  if (person) {
    await deps.notifier.mail.send(person.email, languageOf(person, lang), 'kycRejected', {
      businessName: outcome.businessName,
      merchantNo: outcome.merchantNo,
      reason,
      link: deps.notifier.link('activate'),
    });
  }
  await logReview(deps, merchantId, 'kycRejected', `reason=${reason}`);
  return outcome;
}

export type SetupOutcome =
  | { ok: true; gatewayNo: string; setup: SetupDone; readiness: Readiness }
  | { ok: false; reason: 'notApproved' }
  | { ok: false; reason: 'noGateway'; currency: string };

/**
 * For a merchant approved before approval set everything up (`ops kyc:setup`): the same setup on its
 * enabled gateway in the KYC settlement currency, from the approved profile's bank details.
 */
export async function setUpApprovedMerchant(deps: ReviewDeps, merchantId: number, o: { services?: string } = {}): Promise<SetupOutcome> {
  const profile = await kycRepo.findProfile(deps.db, operatorScope(merchantId));
  if (!profile || profile.review_state !== KycReviewState.approved || !profile.submitted_json) return { ok: false, reason: 'notApproved' };
  const { bank } = submittedProfile(profile.submitted_json);
  const gateway = await findGatewayInCurrency(deps.db, merchantId, bank.settlementCurrency);
  if (!gateway) return { ok: false, reason: 'noGateway', currency: bank.settlementCurrency };
  const now = deps.now();
  const setup = await deps.db.transaction().execute((trx) => setUpGateway(trx, merchantId, gateway.id, { ...o, bank, now }));
  await logReview(deps, merchantId, 'kycSetup', `gatewayNo=${gateway.gateway_no} services=${setup.services}`);
  return { ok: true, gatewayNo: gateway.gateway_no, setup, readiness: await merchantReadiness(deps.db, merchantId) };
}
