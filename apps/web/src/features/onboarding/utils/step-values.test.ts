import { describe, expect, it } from 'vitest';
import { dayjs } from '../../../platform/dayjs';
import { kycDraft, kycFile } from '../kyc-fixtures';
import {
  adoptUnsavedDocuments,
  bankFromValues,
  businessFromValues,
  businessToValues,
  businessToday,
  industryFromValues,
  ownersFromValues,
  ownersToValues,
} from './step-values';

describe('form values <-> draft', () => {
  it('trims text, leaves out what is empty and writes dates as YYYY-MM-DD', () => {
    expect(businessFromValues({ legalName: '  Harbour  ', vatNumber: '   ', crn: undefined, formationDate: dayjs('2019-05-01') })).toEqual({
      legalName: 'Harbour',
      formationDate: '2019-05-01',
      documentFileIds: [],
    });
    expect(businessToValues({ formationDate: '2019-05-01' }).formationDate?.format('YYYY-MM-DD')).toBe('2019-05-01');
    expect(businessToValues({ formationDate: 'not a date' }).formationDate).toBeUndefined();
  });

  it('drops an additional industry the person said there is none of, and upper-cases SWIFT codes', () => {
    expect(industryFromValues({ hasAdditionalIndustry: false, additionalIndustry: 'software', additionalIndustryShare: 45 })).toEqual({
      hasAdditionalIndustry: false,
      websites: [],
    });
    expect(bankFromValues({ swiftCode: 'hsbchkhh' }).swiftCode).toBe('HSBCHKHH');
  });

  it('owners keep their list, roles and photos; a new form starts with one empty person', () => {
    expect(ownersToValues(undefined).owners).toHaveLength(1);
    expect(ownersFromValues({ owners: [{ firstName: ' A ', dateOfBirth: dayjs('1985-03-02'), ownershipPercent: 0 }] })).toEqual([
      { firstName: 'A', dateOfBirth: '1985-03-02', ownershipPercent: 0, roles: [], idPhotoFileIds: [] },
    ]);
  });

  it('takes "today" in the business-day timezone (UTC+08:00), as the server does', () => {
    expect(businessToday(new Date('2026-01-04T16:30:00Z'))).toBe('2026-01-05');
    expect(businessToday(new Date('2026-01-04T15:30:00Z'))).toBe('2026-01-04');
  });

  it('finds business documents the draft does not list yet', () => {
    const draft = kycDraft(
      { business: { legalName: 'x', documentFileIds: [1] } },
      { files: [kycFile(1, 'businessDocuments', 'a.pdf'), kycFile(2, 'businessDocuments', 'b.pdf'), kycFile(3, 'idPhotos', 'c.png')] },
    );
    expect(adoptUnsavedDocuments(draft)).toEqual({ legalName: 'x', documentFileIds: [1, 2] });
    expect(adoptUnsavedDocuments({ ...draft, editable: false })).toBeNull();
    expect(adoptUnsavedDocuments({ ...draft, files: [kycFile(1, 'businessDocuments', 'a.pdf')] })).toBeNull();
  });
});
