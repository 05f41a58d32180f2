import { describe, expect, it } from 'vitest';
import { validProfile } from '../../../test/kyc-profile';
import { AppError } from '../../platform/errors';
import { checkKycProfile } from './kyc-rules';

const TODAY = '2026-01-15';

function refusal(mutate: (p: ReturnType<typeof validProfile>) => void): { key: string; params: unknown; labels: unknown } | null {
  const p = validProfile();
  mutate(p);
  try {
    checkKycProfile(p, TODAY);
    return null;
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    return { key: e.key, params: e.params, labels: e.labelParams };
  }
}

describe('KYC profile rules (spec §5)', () => {
  it('accepts a complete profile', () => {
    expect(refusal(() => undefined)).toBeNull();
  });

  it('refuses a sole proprietor before anything else, even in an empty profile', () => {
    expect(refusal((p) => (p.business.entityType = 'soleProprietor'))?.key).toBe('kyc.soleProprietor');
    expect(() => checkKycProfile({ business: { entityType: 'soleProprietor' } }, TODAY)).toThrow('kyc.soleProprietor');
  });

  it('names the step and field of a missing value', () => {
    expect(refusal((p) => (p.business.legalName = ''))).toEqual({
      key: 'kyc.incomplete',
      params: {},
      labels: { step: 'kyc.step.business', field: 'field.legalName' },
    });
    expect(refusal((p) => (p.bank.swiftCode = 'nope'))?.labels).toEqual({ step: 'kyc.step.bank', field: 'field.swiftCode' });
    expect(refusal((p) => (p.owners[0]!.idPhotoFileIds = []))?.labels).toEqual({ step: 'kyc.step.owners', field: 'field.idPhotoFileIds' });
    expect(refusal((p) => (p.industry.websites = []))?.labels).toEqual({ step: 'kyc.step.industry', field: 'field.websites' });
    expect(refusal((p) => (p.business.registrationPlace = 'US' as 'HK'))?.labels).toEqual({
      step: 'kyc.step.business',
      field: 'field.registrationPlace',
    });
  });

  it('requires a CRN from a company, and past dates', () => {
    expect(refusal((p) => (p.business.crn = ''))?.key).toBe('kyc.crnRequired');
    expect(refusal((p) => ((p.business.crn = ''), (p.business.entityType = 'partnership')))).toBeNull();
    expect(refusal((p) => (p.business.formationDate = '2026-02-30'))?.key).toBe('kyc.dateInvalid');
    expect(refusal((p) => (p.owners[1]!.dateOfBirth = '2027-01-01'))?.key).toBe('kyc.dateInvalid');
  });

  it('requires the additional industry when it is over 40% of revenue', () => {
    expect(refusal((p) => (p.industry.additionalIndustry = undefined))?.key).toBe('kyc.additionalIndustry');
    expect(refusal((p) => (p.industry.additionalIndustryShare = 40))?.key).toBe('kyc.additionalIndustry');
    expect(refusal((p) => (p.industry.additionalIndustryShare = 50))?.key).toBe('kyc.additionalIndustry');
    expect(refusal((p) => (p.industry.additionalIndustry = 'homeGarden'))?.key).toBe('kyc.additionalIndustry');
    expect(refusal((p) => (p.industry.hasAdditionalIndustry = false))?.key).toBe('kyc.additionalIndustry');
    expect(
      refusal((p) => {
        p.industry.hasAdditionalIndustry = false;
        p.industry.additionalIndustry = undefined;
        p.industry.additionalIndustryShare = undefined;
        p.industry.mainIndustryShare = 90;
      }),
    ).toBeNull();
  });

  it('requires every shop-site policy and test orders', () => {
    for (const item of ['refundPolicy', 'contactInfo', 'termsOfService', 'shippingPolicy', 'testOrdersAllowed'] as const) {
      expect(refusal((p) => (p.industry.websites[0]!.checklist[item] = false as true))?.key, item).toBe('kyc.shopChecklist');
    }
  });

  it('requires a director, an applicant, and owners of 25% or more marked as owners', () => {
    expect(refusal((p) => ((p.owners[0]!.roles = ['owner', 'applicant']), (p.owners[1]!.roles = ['applicant'])))?.key).toBe(
      'kyc.noDirector',
    );
    expect(refusal((p) => (p.owners[0]!.roles = ['ownerDirector']))?.key).toBe('kyc.noApplicant');
    expect(refusal((p) => (p.owners[1]!.ownershipPercent = 25))).toEqual({
      key: 'kyc.beneficiaryRole',
      params: { name: 'James Wong', percent: 25 },
      labels: {},
    });
    expect(refusal((p) => ((p.owners[1]!.ownershipPercent = 25), (p.owners[1]!.roles = ['owner', 'director'])))).toBeNull();
    expect(refusal((p) => ((p.owners[1]!.ownershipPercent = 40), (p.owners[1]!.roles = ['owner'])))?.key).toBe('kyc.ownershipTotal');
  });

  it('requires the applicant declaration', () => {
    expect(refusal((p) => (p.declaration.accepted = false as true))?.key).toBe('kyc.declaration');
    expect(refusal((p) => (p.declaration.allOwnersListed = false as true))?.key).toBe('kyc.declaration');
  });
});
