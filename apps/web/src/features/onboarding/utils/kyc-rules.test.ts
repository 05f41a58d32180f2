import { describe, expect, it } from 'vitest';
import { completeProfile } from '../kyc-fixtures';
import { checkBusiness, checkDeclaration, checkIndustry, checkOwners, checkStep, resumeStepIndex, type TIssue } from './kyc-rules';

const TODAY = '2026-01-05';

function keysAt(issues: TIssue[], path: string): string[] {
  return issues.filter((issue) => issue.path.join('.') === path).map((issue) => issue.key);
}

describe('KYC step rules (spec §5, as the server checks them)', () => {
  it('accept a complete profile', () => {
    const profile = completeProfile();
    for (const step of ['business', 'industry', 'bank', 'owners', 'declaration'] as const) {
      expect(checkStep(step, profile, TODAY), step).toEqual([]);
    }
  });

  it('refuse a sole proprietor outright, whatever else is filled in', () => {
    const issues = checkBusiness({ ...completeProfile().business, entityType: 'soleProprietor' }, TODAY);
    expect(issues).toEqual([{ path: ['entityType'], key: 'kyc.error.soleProprietor' }]);
    expect(checkBusiness({ entityType: 'soleProprietor' }, TODAY)).toHaveLength(1);
  });

  it('name every missing business field, and ask a company for its CRN', () => {
    const issues = checkBusiness({ entityType: 'company' }, TODAY);
    for (const field of ['registrationPlace', 'legalName', 'registrationNumber', 'registeredAddress', 'city', 'formationDate']) {
      expect(keysAt(issues, field), field).toEqual(['kyc.error.required']);
    }
    expect(keysAt(issues, 'documentFileIds')).toEqual(['kyc.error.filesRequired']);
    expect(keysAt(issues, 'crn')).toEqual(['kyc.error.crnRequired']);
    expect(keysAt(checkBusiness({ ...completeProfile().business, entityType: 'partnership', crn: undefined }, TODAY), 'crn')).toEqual([]);
  });

  it('refuse a formation date in the future and text over its length', () => {
    const issues = checkBusiness({ ...completeProfile().business, formationDate: '2026-01-06', legalName: 'x'.repeat(201) }, TODAY);
    expect(keysAt(issues, 'formationDate')).toEqual(['kyc.error.futureDate']);
    expect(issues.find((issue) => issue.path[0] === 'legalName')).toEqual({
      path: ['legalName'],
      key: 'kyc.error.tooLong',
      values: { max: 200 },
    });
  });

  describe('additional industry (declared when it brings more than 40% of revenue)', () => {
    const base = completeProfile().industry;

    it('must be chosen, with its share, once declared', () => {
      const issues = checkIndustry({ ...base, hasAdditionalIndustry: true });
      expect(keysAt(issues, 'additionalIndustry')).toEqual(['kyc.error.required']);
      expect(keysAt(issues, 'additionalIndustryShare')).toEqual(['kyc.error.required']);
    });

    it('must bring more than 40%, differ from the main industry and leave the total at 100% or less', () => {
      // The main industry at its share, and a declared additional industry at its own.
      const withAdditional = (
        mainIndustryShare: number,
        additionalIndustry: typeof base.additionalIndustry,
        additionalIndustryShare: number,
      ) => checkIndustry({ ...base, mainIndustryShare, hasAdditionalIndustry: true, additionalIndustry, additionalIndustryShare });
      const low = withAdditional(55, 'software', 40);
      expect(low.find((issue) => issue.path[0] === 'additionalIndustryShare')).toMatchObject({
        key: 'kyc.error.additionalShareLow',
        values: { threshold: 40 },
      });
      const same = withAdditional(55, 'electronics', 45);
      expect(keysAt(same, 'additionalIndustry')).toEqual(['kyc.error.additionalSame']);
      const over = withAdditional(60, 'software', 45);
      expect(keysAt(over, 'additionalIndustryShare')).toEqual(['kyc.error.shareTotal']);
      const fine = withAdditional(55, 'software', 45);
      expect(fine).toEqual([]);
    });

    it('may not be left undeclared above 40%, and the question itself must be answered', () => {
      expect(
        keysAt(checkIndustry({ ...base, hasAdditionalIndustry: false, additionalIndustryShare: 50 }), 'hasAdditionalIndustry'),
      ).toEqual(['kyc.error.mustDeclare']);
      expect(keysAt(checkIndustry({ ...base, hasAdditionalIndustry: undefined }), 'hasAdditionalIndustry')).toEqual(['kyc.error.required']);
    });

    it('shares are whole percentages from 1 to 100', () => {
      expect(keysAt(checkIndustry({ ...base, mainIndustryShare: 0 }), 'mainIndustryShare')).toEqual(['kyc.error.range']);
      expect(keysAt(checkIndustry({ ...base, mainIndustryShare: 50.5 }), 'mainIndustryShare')).toEqual(['kyc.error.integer']);
    });
  });

  it('require every shop-site checklist item of every website, and a well-formed address', () => {
    const base = completeProfile().industry;
    const issues = checkIndustry({
      ...base,
      websites: [{ url: 'shop.example.com', checklist: { refundPolicy: true, contactInfo: false } }],
    });
    expect(keysAt(issues, 'websites.0.url')).toEqual(['kyc.error.invalidUrl']);
    expect(keysAt(issues, 'websites.0.checklist.refundPolicy')).toEqual([]);
    for (const item of ['contactInfo', 'termsOfService', 'shippingPolicy', 'testOrdersAllowed']) {
      expect(keysAt(issues, `websites.0.checklist.${item}`), item).toEqual(['kyc.error.checklistItem']);
    }
    expect(keysAt(checkIndustry({ ...base, websites: [] }), 'websites')).toEqual(['kyc.error.websitesRequired']);
  });

  describe('owners (every beneficiary of 25% or more and every director listed)', () => {
    const owner = completeProfile().owners[0]!;

    it('a holder of 25% or more must be marked as owner', () => {
      const issues = checkOwners([{ ...owner, roles: ['director', 'applicant'], ownershipPercent: 25 }], TODAY);
      expect(issues).toEqual([{ path: ['owners', 0, 'roles'], key: 'kyc.error.beneficiaryRole', values: { percent: 25, threshold: 25 } }]);
      expect(checkOwners([{ ...owner, roles: ['director', 'applicant'], ownershipPercent: 24.99 }], TODAY)).toEqual([]);
    });

    it('at least one director and one applicant, and shares of at most 100% together', () => {
      const issues = checkOwners(
        [
          { ...owner, roles: ['owner'], ownershipPercent: 60 },
          { ...owner, roles: ['owner'], ownershipPercent: 50 },
        ],
        TODAY,
      );
      expect(keysAt(issues, '')).toEqual(['kyc.error.ownershipTotal', 'kyc.error.noDirector', 'kyc.error.noApplicant']);
    });

    it('each person complete, with ID photos, a past date of birth and a plausible phone', () => {
      const issues = checkOwners([{ roles: [], dateOfBirth: '2030-01-01', phone: 'call me' }], TODAY);
      expect(keysAt(issues, 'owners.0.roles')).toEqual(['kyc.error.rolesRequired']);
      expect(keysAt(issues, 'owners.0.idPhotoFileIds')).toEqual(['kyc.error.filesRequired']);
      expect(keysAt(issues, 'owners.0.nationality')).toEqual(['kyc.error.required']);
      expect(keysAt(issues, 'owners.0.dateOfBirth')).toEqual(['kyc.error.futureDate']);
      expect(keysAt(issues, 'owners.0.phone')).toEqual(['kyc.error.invalidPhone']);
      expect(keysAt(checkOwners([], TODAY), 'owners')).toEqual(['kyc.error.ownersRequired']);
    });
  });

  it('the declaration needs both confirmations', () => {
    expect(checkDeclaration({ allOwnersListed: true, accepted: false })).toEqual([{ path: ['accepted'], key: 'kyc.error.declaration' }]);
    expect(checkDeclaration({})).toEqual([
      { path: ['allOwnersListed'], key: 'kyc.error.allOwnersListed' },
      { path: ['accepted'], key: 'kyc.error.declaration' },
    ]);
  });

  it('bank details: SWIFT and account number formats', () => {
    const issues = checkStep('bank', { bank: { ...completeProfile().bank, swiftCode: 'HSBC', accountNumber: '12#34' } }, TODAY);
    expect(keysAt(issues, 'swiftCode')).toEqual(['kyc.error.invalidSwift']);
    expect(keysAt(issues, 'accountNumber')).toEqual(['kyc.error.invalidAccountNumber']);
  });
});

describe('where a reopened wizard resumes', () => {
  it('at the first step whose saved data is incomplete, or at the review', () => {
    const full = completeProfile();
    expect(resumeStepIndex({}, TODAY)).toBe(0);
    expect(resumeStepIndex({ business: full.business }, TODAY)).toBe(1);
    expect(resumeStepIndex({ business: full.business, industry: full.industry, bank: { bankName: 'x' } }, TODAY)).toBe(2);
    expect(resumeStepIndex({ ...full, owners: [] }, TODAY)).toBe(3);
    expect(resumeStepIndex({ ...full, declaration: {} }, TODAY)).toBe(4);
  });
});
