import type { TKycDraft, TKycDraftData, TKycFile, TKycStatus } from '@mbo/shared/kyc';

/*
 * Data for the KYC tests: a profile that passes every §5 rule, and the server answers around it.
 * Only tests import this file.
 */

export const BUSINESS_ID = 7;

export function kycFile(fileId: number, field: TKycFile['field'], name: string): TKycFile {
  return { fileId, field, name, mime: 'application/pdf', size: 2048, sha256: 'x'.repeat(64), uploadedAt: '2026-01-05T02:00:00.000Z' };
}

export function completeProfile(): Required<TKycDraftData> {
  return {
    business: {
      registrationPlace: 'HK',
      entityType: 'company',
      legalName: 'Harbour Trading Limited',
      registrationNumber: '12345678',
      crn: 'CR1234567',
      registeredAddress: '1 Harbour Road',
      city: 'Hong Kong',
      formationDate: '2019-05-01',
      documentFileIds: [11],
    },
    industry: {
      mainIndustry: 'electronics',
      mainIndustryShare: 80,
      hasAdditionalIndustry: false,
      productDescription: 'Phone accessories',
      websites: [
        {
          url: 'https://shop.example.com',
          checklist: { refundPolicy: true, contactInfo: true, termsOfService: true, shippingPolicy: true, testOrdersAllowed: true },
        },
      ],
      monthlyTurnover: '50kTo100k',
    },
    bank: {
      bankName: 'Harbour Bank',
      accountHolder: 'Harbour Trading Limited',
      accountNumber: '123-456789-001',
      swiftCode: 'HSBCHKHHHKH',
      settlementCurrency: 'HKD',
    },
    owners: [
      {
        roles: ['ownerDirector', 'applicant'],
        firstName: 'Owner',
        lastName: 'One',
        phone: '+85291234567',
        dateOfBirth: '1985-03-02',
        nationality: 'HK',
        idIssueCountry: 'HK',
        idType: 'identityCard',
        idNumber: 'A1234567',
        idPhotoFileIds: [12],
        ownershipPercent: 100,
        address: '2 Harbour Road',
        city: 'Hong Kong',
      },
    ],
    declaration: { allOwnersListed: true, accepted: true },
  };
}

export function kycDraft(data: TKycDraftData, overrides: Partial<TKycDraft> = {}): TKycDraft {
  return {
    businessId: BUSINESS_ID,
    reviewState: 'notSubmitted',
    editable: true,
    data,
    // The files the draft refers to.
    files: [
      ...(data.business?.documentFileIds ?? []).map((id) => kycFile(id, 'businessDocuments', `document-${id}.pdf`)),
      ...(data.owners ?? []).flatMap((owner) => (owner.idPhotoFileIds ?? []).map((id) => kycFile(id, 'idPhotos', `id-${id}.png`))),
    ],
    updatedAt: '2026-01-05T02:00:00.000Z',
    ...overrides,
  };
}

export function kycStatus(overrides: Partial<TKycStatus> = {}): TKycStatus {
  return {
    businessId: BUSINESS_ID,
    merchantNo: '100007',
    businessName: 'Harbour Trading',
    businessStatus: 20,
    email: 'owner@example.com',
    emailVerified: true,
    reviewState: 'notSubmitted',
    rejectReason: '',
    submittedAt: null,
    reviewedAt: null,
    gatewayOpened: false,
    ...overrides,
  };
}
