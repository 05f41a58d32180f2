import { KycReviewState, type TKycDraftData } from '@mbo/shared/kyc';
import type { Db } from '../db/database';
import { DAY_MS } from '../platform/time';

/**
 * The business profiles the two demo merchants were approved with, so /kyc shows what was submitted
 * (read-only) instead of a blank wizard next to an activation page that says the review passed.
 * The documents were reviewed on paper: no file ids.
 */
function profileOf(o: { legalName: string; registrationNumber: string; crn: string; site: string; formed: string }): TKycDraftData {
  return {
    business: {
      registrationPlace: 'HK',
      entityType: 'company',
      legalName: o.legalName,
      registrationNumber: o.registrationNumber,
      crn: o.crn,
      registeredAddress: 'Unit 1203, 12/F, Harbour Centre, 25 Harbour Road',
      registeredAddress2: 'Wan Chai',
      city: 'Hong Kong',
      formationDate: o.formed,
    },
    industry: {
      mainIndustry: 'apparel',
      mainIndustryShare: 85,
      hasAdditionalIndustry: false,
      productDescription: 'Women’s and men’s clothing, shoes and accessories sold online to customers in Europe and North America.',
      websites: [
        {
          url: o.site,
          checklist: { refundPolicy: true, contactInfo: true, termsOfService: true, shippingPolicy: true, testOrdersAllowed: true },
        },
      ],
      monthlyTurnover: '250kTo500k',
    },
    bank: {
      bankName: 'Harbour City Bank',
      accountHolder: o.legalName,
      accountNumber: '012345678901',
      branch: 'Wan Chai',
      swiftCode: 'HCBKHKHH',
      settlementCurrency: 'USD',
    },
    owners: [
      {
        roles: ['ownerDirector', 'applicant'],
        firstName: 'Kelvin',
        lastName: 'Lau',
        phone: '+85291234567',
        dateOfBirth: '1984-03-12',
        nationality: 'HK',
        idIssueCountry: 'HK',
        idType: 'identityCard',
        idNumber: 'K123456(7)',
        ownershipPercent: 100,
        address: 'Flat 8A, 33 Tai Hang Road',
        city: 'Hong Kong',
      },
    ],
    declaration: { allOwnersListed: true, accepted: true },
  };
}

const PROFILES = [
  {
    merchantNo: '100001',
    daysAgo: 380,
    data: profileOf({
      legalName: 'Harbourline Trading Co., Ltd.',
      registrationNumber: '2718281',
      crn: '2718281',
      site: 'https://shop.harbourline-trading.example',
      formed: '2019-06-03',
    }),
  },
  {
    merchantNo: '100002',
    daysAgo: 175,
    data: profileOf({
      legalName: 'Harbourline Digital Services Ltd.',
      registrationNumber: '3141592',
      crn: '3141592',
      site: 'https://digital.harbourline.example',
      formed: '2025-04-08',
    }),
  },
];

export async function seedKycProfiles(db: Db, now: number): Promise<void> {
  for (const p of PROFILES) {
    const m = await db.selectFrom('merchants').select('id').where('merchant_no', '=', p.merchantNo).executeTakeFirst();
    if (!m) continue;
    const person = await db
      .selectFrom('admins')
      .select('person_id')
      .where('merchant_id', '=', m.id)
      .where('is_owner', '=', 1)
      .executeTakeFirst();
    const submitted = now - p.daysAgo * DAY_MS;
    const json = JSON.stringify(p.data);
    await db
      .insertInto('kyc_profiles')
      .values({
        merchant_id: m.id,
        review_state: KycReviewState.approved,
        draft_json: json,
        submitted_json: json,
        reject_reason: '',
        submitted_by_person_id: person?.person_id ?? null,
        submitted_at: submitted,
        reviewed_at: submitted + 2 * DAY_MS,
        updated_at: submitted,
        created_at: submitted - DAY_MS,
      })
      .execute();
  }
}
