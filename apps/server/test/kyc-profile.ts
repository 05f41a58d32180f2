import type { TKycProfile } from '@mbo/shared/kyc';

/** A complete, valid KYC profile referring to the given uploaded files. */
export function validProfile(
  files: { documentFileIds: number[]; idPhotoFileIds: number[] } = { documentFileIds: [1], idPhotoFileIds: [2] },
): TKycProfile {
  return {
    business: {
      registrationPlace: 'HK',
      entityType: 'company',
      legalName: 'Kowloon Lantern Trading Limited',
      registrationNumber: '71234567',
      crn: '3012345',
      vatNumber: '',
      registeredAddress: '18 Harbour Road',
      registeredAddress2: 'Unit 1201',
      city: 'Hong Kong',
      postalCode: '',
      formationDate: '2019-03-14',
      documentFileIds: files.documentFileIds,
    },
    industry: {
      mainIndustry: 'homeGarden',
      mainIndustryShare: 55,
      hasAdditionalIndustry: true,
      additionalIndustry: 'electronics',
      additionalIndustryShare: 45,
      productDescription: 'Paper lanterns, table lamps and LED strings sold online worldwide.',
      websites: [
        {
          url: 'https://lanterns.example.com',
          checklist: { refundPolicy: true, contactInfo: true, termsOfService: true, shippingPolicy: true, testOrdersAllowed: true },
        },
      ],
      monthlyTurnover: '50kTo100k',
    },
    bank: {
      bankName: 'Harbour Bank',
      accountHolder: 'Kowloon Lantern Trading Limited',
      accountNumber: '012-345678-001',
      branch: 'Central',
      swiftCode: 'HRBKHKHH',
      settlementCurrency: 'USD',
    },
    owners: [
      {
        roles: ['ownerDirector', 'applicant'],
        firstName: 'Mei',
        lastName: 'Chan',
        phone: '+85291234567',
        dateOfBirth: '1985-07-02',
        nationality: 'HK',
        idIssueCountry: 'HK',
        idType: 'identityCard',
        idNumber: 'A1234567',
        idPhotoFileIds: files.idPhotoFileIds,
        ownershipPercent: 70,
        address: '3 Garden Road',
        city: 'Hong Kong',
        state: '',
        postalCode: '',
      },
      {
        roles: ['director'],
        firstName: 'James',
        lastName: 'Wong',
        phone: '+85291234568',
        dateOfBirth: '1979-11-20',
        nationality: 'GB',
        idIssueCountry: 'GB',
        idType: 'passport',
        idNumber: '533401234',
        idPhotoFileIds: files.idPhotoFileIds,
        ownershipPercent: 10,
        address: '9 Queen Street',
        city: 'London',
        state: '',
        postalCode: 'EC4N 1SP',
      },
    ],
    declaration: { allOwnersListed: true, accepted: true },
  };
}
