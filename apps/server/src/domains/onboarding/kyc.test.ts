import { describe, expect, it } from 'vitest';
import { API_BASE, ApiPath } from '@mbo/shared/api-paths';
import { ErrorCode } from '@mbo/shared/envelope';
import { MerchantStatus } from '@mbo/shared/merchants';
import type { TKycDraft, TKycFile, TKycStatus } from '@mbo/shared/kyc';
import { OnboardingPath, fillPath } from '@mbo/shared/onboarding-paths';
import { MODULES } from '@mbo/shared/permissions';
import { bmpFile, docxFile, exeFile, jpegFile, oleFile, pdfFile, storedFileCount, type Upload } from '../../../test/files';
import { call, type LoginData } from '../../../test/helpers';
import { saveProfile as saveKycProfile, uploadKycFiles, uploadProfileFiles as uploadKycFilesOfProfile } from '../../../test/kyc-flow';
import { validProfile } from '../../../test/kyc-profile';
import { createApplicant, testAppWithMailForFile, signInWithCode, signUpPerson } from '../../../test/onboarding';
import { approveKyc, rejectKyc } from './kyc-review';

const { t, mail } = testAppWithMailForFile();

const review = () => ({ db: t.db, now: t.clock.now, notifier: t.app.notifier });

const upload = (token: string, fields: Record<string, string>, files: Upload[], url?: string, lang?: string) =>
  uploadKycFiles(t, token, fields, files, url, lang);
const uploadProfileFiles = (token: string, businessId: number) => uploadKycFilesOfProfile(t, token, businessId);
const saveProfile = (token: string, businessId: number, profile: ReturnType<typeof validProfile>) =>
  saveKycProfile(t, token, businessId, profile);

describe('KYC from sign-up to approval', () => {
  it('signs up, verifies, signs in by code, fills the drafts, uploads, submits, is approved and becomes active', async () => {
    const p = await signUpPerson(t, mail);
    const signedIn = await signInWithCode(t, mail, 'email', p.email);
    const token = signedIn.body.data.token;
    const businessId = signedIn.body.data.kycInfo?.currBusinessId ?? 0;

    const status0 = await call<TKycStatus>(t.app, OnboardingPath.kycStatus, { token, query: { businessId: String(businessId) } });
    expect(status0.body.data).toMatchObject({
      businessId,
      businessStatus: MerchantStatus.notActivated,
      emailVerified: true,
      reviewState: 'notSubmitted',
      gatewayOpened: false,
    });

    // Resumable drafts: save one step, read it back, save the rest later.
    const partial = await call<TKycDraft>(t.app, OnboardingPath.kycSaveDraft, {
      token,
      body: { businessId, step: 'business', data: { registrationPlace: 'HK', legalName: 'Kowloon Lantern' } },
    });
    expect(partial.body.data).toMatchObject({
      editable: true,
      reviewState: 'notSubmitted',
      data: { business: { legalName: 'Kowloon Lantern' } },
    });
    const early = await call(t.app, OnboardingPath.kycSubmit, { token, lang: 'en_US', body: { businessId } });
    expect(early.body).toMatchObject({ code: ErrorCode.validation, msg: 'Please complete "Business details": Entity type' });

    const files = await uploadProfileFiles(token, businessId);
    await saveProfile(token, businessId, validProfile(files));
    const draft = await call<TKycDraft>(t.app, OnboardingPath.kycDraft, { token, query: { businessId: String(businessId) } });
    expect(draft.body.data.data.bank?.settlementCurrency).toBe('USD');
    expect(draft.body.data.files.map((f) => [f.field, f.mime])).toEqual([
      ['businessDocuments', 'application/pdf'],
      ['businessDocuments', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      ['idPhotos', 'image/png'],
    ]);

    const submitted = await call<TKycStatus>(t.app, OnboardingPath.kycSubmit, { token, body: { businessId } });
    expect(submitted.body.data).toMatchObject({ reviewState: 'underReview', gatewayOpened: false });
    expect(submitted.body.data.submittedAt).not.toBeNull();
    const second = await call(t.app, OnboardingPath.kycSubmit, { token, lang: 'en_US', body: { businessId } });
    expect(second.body).toMatchObject({ code: ErrorCode.business, msg: 'The profile has already been submitted' });
    const locked = await call(t.app, OnboardingPath.kycSaveDraft, { token, lang: 'en_US', body: { businessId, step: 'bank', data: {} } });
    expect(locked.body.msg).toBe('The profile has been submitted and cannot be changed');

    const outcome = await approveKyc(review(), businessId);
    expect(outcome.gatewayNo).toBe(`${signedIn.body.data.userInfo.merchantNo}01`);
    expect(mail.last(p.email).subject).toBe('Kowloon Lantern Trading Limited的资料审核已通过');
    expect(mail.last(p.email).text).toContain('https://merchant.example.test/activate');

    const info = await call<LoginData>(t.app, ApiPath.getInfo, { token });
    expect(info.body.data.kycInfo).toMatchObject({ currBusinessStatus: 40, isInitialLogin: 0, requires2FA: 0 });
    expect(info.body.data.moduleList.map((m) => m.moduleId)).toEqual(MODULES.map((m) => m.moduleId));
    expect(info.body.data.currencyList.map((c) => c.code)).toEqual(['USD']);
    expect(info.body.data.userInfo.permissions).toContain('Admin:Invite');
    const status = await call<TKycStatus>(t.app, OnboardingPath.kycStatus, { token, query: { businessId: String(businessId) } });
    expect(status.body.data).toMatchObject({
      reviewState: 'approved',
      businessStatus: 40,
      gatewayOpened: true,
      businessName: 'Kowloon Lantern Trading Limited',
    });
    await expect(approveKyc(review(), businessId)).rejects.toThrow('kyc.notUnderReview');
  });

  it('rejects with a reason the applicant reads, then accepts a corrected submission', async () => {
    const a = await createApplicant(t);
    const files = await uploadProfileFiles(a.token, a.businessId);
    await saveProfile(a.token, a.businessId, validProfile(files));
    expect((await call(t.app, OnboardingPath.kycSubmit, { token: a.token, body: { businessId: a.businessId } })).body.code).toBe(0);

    await rejectKyc(review(), a.businessId, 'The bank statement is older than 3 months');
    const status = await call<TKycStatus>(t.app, OnboardingPath.kycStatus, { token: a.token, query: { businessId: String(a.businessId) } });
    expect(status.body.data).toMatchObject({
      reviewState: 'rejected',
      rejectReason: 'The bank statement is older than 3 months',
      businessStatus: 20,
    });
    const m = mail.last(a.email);
    expect(m.subject).toBe(`The profile of ${a.email} was not approved`);
    expect(m.text).toContain('The bank statement is older than 3 months');
    const info = await call<LoginData>(t.app, ApiPath.getInfo, { token: a.token });
    expect(info.body.data.kycInfo).toMatchObject({ currBusinessStatus: 20, isInitialLogin: 1 });

    const draft = await call<TKycDraft>(t.app, OnboardingPath.kycDraft, { token: a.token, query: { businessId: String(a.businessId) } });
    expect(draft.body.data).toMatchObject({ editable: true, reviewState: 'rejected' });
    const fix = await call(t.app, OnboardingPath.kycSaveDraft, {
      token: a.token,
      body: { businessId: a.businessId, step: 'bank', data: { ...validProfile(files).bank, settlementCurrency: 'EUR' } },
    });
    expect(fix.body.code).toBe(0);
    expect(
      (await call<TKycStatus>(t.app, OnboardingPath.kycSubmit, { token: a.token, body: { businessId: a.businessId } })).body.data
        .reviewState,
    ).toBe('underReview');
    await approveKyc(review(), a.businessId);
    const gateways = await t.db.selectFrom('gateways').select(['currency']).where('merchant_id', '=', a.businessId).execute();
    expect(gateways).toEqual([{ currency: 'EUR' }]);
  });
});

describe('KYC rules on the server', () => {
  it('refuses a sole proprietor with the §8 message in each language', async () => {
    const a = await createApplicant(t);
    const texts: string[] = [];
    for (const lang of ['zh_CN', 'zh_HK', 'en_US'] as const) {
      const res = await call(t.app, OnboardingPath.kycSaveDraft, {
        token: a.token,
        lang,
        body: { businessId: a.businessId, step: 'business', data: { entityType: 'soleProprietor' } },
      });
      expect(res.body.code).toBe(ErrorCode.business);
      texts.push(res.body.msg);
    }
    expect(texts).toEqual(['您所在地区不支持个体经营者', '您所在地區不支援個體經營者', 'Sole traders are not supported in your region']);
  });

  it('checks owners, industry, shop site and declaration at submission', async () => {
    const a = await createApplicant(t);
    const files = await uploadProfileFiles(a.token, a.businessId);
    const profile = validProfile(files);
    await saveProfile(a.token, a.businessId, profile);
    const save = async (step: 'owners' | 'industry' | 'declaration', data: unknown) => {
      expect(
        (await call(t.app, OnboardingPath.kycSaveDraft, { token: a.token, body: { businessId: a.businessId, step, data } })).body.code,
      ).toBe(0);
    };
    const submitWith = async (step: 'owners' | 'industry' | 'declaration', data: unknown) => {
      await save(step, data);
      return (await call(t.app, OnboardingPath.kycSubmit, { token: a.token, lang: 'en_US', body: { businessId: a.businessId } })).body.msg;
    };
    expect(await submitWith('owners', [{ ...profile.owners[0], roles: ['owner', 'applicant'] }])).toBe('List at least one director');
    expect(await submitWith('owners', [{ ...profile.owners[0], roles: ['ownerDirector'] }])).toBe('Mark one person as the applicant');
    expect(await submitWith('owners', [profile.owners[0], { ...profile.owners[1], ownershipPercent: 30 }])).toBe(
      'James Wong owns 30% and must be marked as an owner',
    );
    await save('owners', profile.owners);
    expect(await submitWith('industry', { ...profile.industry, hasAdditionalIndustry: false, additionalIndustry: undefined })).toMatch(
      /^An additional industry above 40%/,
    );
    const site = profile.industry.websites[0]!;
    expect(
      await submitWith('industry', {
        ...profile.industry,
        websites: [{ ...site, checklist: { ...site.checklist, testOrdersAllowed: false } }],
      }),
    ).toBe('Every website must have refund, contact, terms and shipping policies and allow test orders');
    await save('industry', profile.industry);
    expect(await submitWith('declaration', { allOwnersListed: true, accepted: false })).toBe(
      'Confirm that every beneficiary and director is listed and accept the applicant declaration',
    );
    expect(await submitWith('declaration', profile.declaration)).toBe('Success');
  });
});

describe('KYC uploads', () => {
  it('checks the type from the content: an .exe renamed to .pdf is refused, images are not documents only', async () => {
    const a = await createApplicant(t);
    const fields = { businessId: String(a.businessId), field: 'businessDocuments' };
    const exe = await upload(a.token, fields, [{ name: 'invoice.pdf', content: exeFile(), type: 'application/pdf' }]);
    expect(exe.status).toBe(200);
    expect(exe.body).toMatchObject({
      code: ErrorCode.validation,
      msg: 'File "invoice.pdf" is not in an accepted format (PDF, DOC, DOCX, XLS, XLSX, JPG, JPEG, PNG, BMP)',
    });
    const pdfAsId = await upload(a.token, { ...fields, field: 'idPhotos' }, [{ name: 'id.jpg', content: pdfFile() }]);
    expect(pdfAsId.body.msg).toBe('File "id.jpg" is not in an accepted format (JPG, JPEG, PNG, BMP)');
    const ok = await upload(a.token, fields, [
      { name: 'a.doc', content: oleFile('WordDocument') },
      { name: 'b.xls', content: oleFile('Workbook') },
      { name: 'c.docx', content: docxFile() },
      { name: 'd.jpeg', content: jpegFile() },
      { name: 'e.bmp', content: bmpFile() },
    ]);
    expect(ok.body.data.map((f) => f.mime)).toEqual([
      'application/msword',
      'application/vnd.ms-excel',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'image/jpeg',
      'image/bmp',
    ]);
    expect(ok.body.data[0]?.sha256).toMatch(/^[0-9a-f]{64}$/);
    const rows = await t.db.selectFrom('kyc_files').selectAll().where('merchant_id', '=', a.businessId).execute();
    expect(rows).toHaveLength(5);
    for (const r of rows) {
      expect(r.storage_name).toMatch(new RegExp(`^${a.businessId}/[0-9a-f]{32}$`));
      expect((await t.app.files.get(t.db, r.storage_name))?.length).toBe(r.size);
    }
  });

  it('refuses an 11th file (in one request or after 10 stored) and an 11 MB file, keeping nothing of a refused request', async () => {
    const a = await createApplicant(t);
    const fields = { businessId: String(a.businessId), field: 'businessDocuments' };
    const eleven = Array.from({ length: 11 }, (_, i) => ({ name: `p${i}.pdf`, content: pdfFile(String(i)) }));
    const tooMany = await upload(a.token, fields, eleven);
    expect(tooMany.body).toMatchObject({ code: ErrorCode.business, msg: 'At most 10 files per field' });
    const count = async () => (await t.db.selectFrom('kyc_files').select('id').where('merchant_id', '=', a.businessId).execute()).length;
    expect(await count()).toBe(0);
    expect(await storedFileCount(t, a.businessId)).toBe(0);

    const ten = await upload(a.token, fields, eleven.slice(0, 10));
    expect(ten.body.code, JSON.stringify(ten.body)).toBe(0);
    const eleventh = await upload(a.token, fields, [eleven[10]!]);
    expect(eleventh.body.msg).toBe('At most 10 files per field');
    expect(await count()).toBe(10);

    const big = Buffer.concat([pdfFile(), Buffer.alloc(11 * 1024 * 1024)]);
    const tooLarge = await upload(a.token, { ...fields, field: 'idPhotos' }, [{ name: 'big.png', content: big }]);
    expect(tooLarge.body).toMatchObject({ code: ErrorCode.business, msg: 'Each file may be at most 10 MB' });
    const nothing = await upload(a.token, fields, []);
    expect(nothing.body.msg).toBe('Choose a file to upload');
    const noField = await upload(a.token, { businessId: String(a.businessId) }, [{ name: 'x.pdf', content: pdfFile() }]);
    expect(noField.body).toMatchObject({ code: ErrorCode.validation, msg: 'File category is required' });
  });

  it('downloads and previews own files, and deletes them from the draft', async () => {
    const a = await createApplicant(t);
    const files = await uploadProfileFiles(a.token, a.businessId);
    const id = files.documentFileIds[0]!;
    const res = await t.app.inject({
      method: 'GET',
      url: `${API_BASE}${fillPath(OnboardingPath.kycFile, { fileId: id })}`,
      headers: { 'x-auth-token': a.token },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="certificate.pdf"; filename*=UTF-8''certificate.pdf`);
    expect(res.rawPayload.equals(pdfFile('certificate of incorporation'))).toBe(true);
    const preview = await t.app.inject({
      method: 'GET',
      url: `${API_BASE}${fillPath(OnboardingPath.kycFile, { fileId: id })}?inline=1`,
      headers: { 'x-auth-token': a.token },
    });
    expect(preview.headers['content-disposition']).toMatch(/^inline;/);

    await call(t.app, OnboardingPath.kycSaveDraft, {
      token: a.token,
      body: { businessId: a.businessId, step: 'business', data: { documentFileIds: files.documentFileIds } },
    });
    expect(
      (await call(t.app, OnboardingPath.kycDeleteFile, { token: a.token, body: { businessId: a.businessId, fileId: id } })).body.code,
    ).toBe(0);
    const draft = await call<TKycDraft>(t.app, OnboardingPath.kycDraft, { token: a.token, query: { businessId: String(a.businessId) } });
    expect(draft.body.data.data.business?.documentFileIds).toEqual(files.documentFileIds.slice(1));
    expect(draft.body.data.files.map((f) => f.fileId)).not.toContain(id);
    const gone = await t.app.inject({
      method: 'GET',
      url: `${API_BASE}${fillPath(OnboardingPath.kycFile, { fileId: id })}`,
      headers: { 'x-auth-token': a.token },
    });
    expect(gone.json()).toMatchObject({ code: ErrorCode.notFound });
    // A draft cannot point at a file of another field or a file that does not exist.
    const wrong = await call(t.app, OnboardingPath.kycSaveDraft, {
      token: a.token,
      lang: 'en_US',
      body: { businessId: a.businessId, step: 'business', data: { documentFileIds: files.idPhotoFileIds } },
    });
    expect(wrong.body.msg).toBe('A referenced file does not exist, please upload it again');
  });

  it('takes additional documents at any time, for /setting/uploadAdditional/{businessId}', async () => {
    const a = await createApplicant(t);
    const url = fillPath(OnboardingPath.uploadAdditional, { businessId: a.businessId });
    const res = await upload(a.token, {}, [{ name: 'bank-statement.pdf', content: pdfFile('statement') }], url);
    expect(res.body.code).toBe(0);
    expect(res.body.data[0]).toMatchObject({ field: 'additionalDocuments', name: 'bank-statement.pdf' });
    const list = await call<TKycFile[]>(t.app, fillPath(OnboardingPath.additionalFiles, { businessId: a.businessId }), { token: a.token });
    expect(list.body.data.map((f) => f.name)).toEqual(['bank-statement.pdf']);
  });
});

describe('KYC calls are scoped to the caller', () => {
  it("gives nothing for another person's business id or file, in any KYC call", async () => {
    const me = await createApplicant(t);
    const other = await createApplicant(t);
    const theirFiles = await uploadProfileFiles(other.token, other.businessId);
    const id = String(other.businessId);
    const attempts = [
      await call(t.app, OnboardingPath.kycStatus, { token: me.token, query: { businessId: id } }),
      await call(t.app, OnboardingPath.kycDraft, { token: me.token, query: { businessId: id } }),
      await call(t.app, OnboardingPath.kycSaveDraft, {
        token: me.token,
        body: { businessId: other.businessId, step: 'bank', data: { bankName: 'x' } },
      }),
      await call(t.app, OnboardingPath.kycSubmit, { token: me.token, body: { businessId: other.businessId } }),
      await call(t.app, OnboardingPath.kycDeleteFile, {
        token: me.token,
        body: { businessId: other.businessId, fileId: theirFiles.documentFileIds[0] },
      }),
      await call(t.app, OnboardingPath.kycDeleteFile, {
        token: me.token,
        body: { businessId: me.businessId, fileId: theirFiles.documentFileIds[0] },
      }),
      await call(t.app, fillPath(OnboardingPath.additionalFiles, { businessId: other.businessId }), { token: me.token }),
      await call(t.app, fillPath(OnboardingPath.kycFile, { fileId: theirFiles.documentFileIds[0]! }), { token: me.token }),
      await call(t.app, OnboardingPath.kycStatus, { token: me.token, query: { businessId: '999999' } }),
    ];
    for (const res of attempts) {
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ code: ErrorCode.notFound, data: null });
    }
    for (const res of [
      await upload(me.token, { businessId: id, field: 'businessDocuments' }, [{ name: 'x.pdf', content: pdfFile() }]),
      await upload(
        me.token,
        {},
        [{ name: 'x.pdf', content: pdfFile() }],
        fillPath(OnboardingPath.uploadAdditional, { businessId: other.businessId }),
      ),
    ]) {
      expect(res.body).toMatchObject({ code: ErrorCode.notFound, data: null });
    }
    const theirs = await t.db
      .selectFrom('kyc_profiles')
      .select('draft_json')
      .where('merchant_id', '=', other.businessId)
      .executeTakeFirstOrThrow();
    expect(theirs.draft_json).toBe('{}');
    expect((await t.db.selectFrom('kyc_files').select('id').where('merchant_id', '=', other.businessId).execute()).length).toBe(3);
  });

  it('gives nothing to a member admin of a business they do not own', async () => {
    const owner = await createApplicant(t);
    // The owner's session on its own business works; a session without a person gets nothing.
    expect(
      (await call(t.app, OnboardingPath.kycStatus, { token: owner.token, query: { businessId: String(owner.businessId) } })).body.code,
    ).toBe(0);
    const res = await call(t.app, OnboardingPath.kycStatus, { query: { businessId: String(owner.businessId) } });
    expect(res.status).toBe(401);
  });
});
