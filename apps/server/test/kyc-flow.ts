import { expect } from 'vitest';
import { API_BASE } from '@mbo/shared/api-paths';
import type { TEnvelope } from '@mbo/shared/envelope';
import type { TKycDraft, TKycFile } from '@mbo/shared/kyc';
import { OnboardingPath } from '@mbo/shared/onboarding-paths';
import { multipartBody, pdfFile, pngFile, xlsxFile, type Upload } from './files';
import { call, type TestContext } from './helpers';
import type { validProfile } from './kyc-profile';

/* The KYC wizard's steps as a person goes through them, through the API: uploads and drafts. */

/** A multipart upload of KYC files (or to another upload route), as the wizard sends it. */
export async function uploadKycFiles(
  t: TestContext,
  token: string,
  fields: Record<string, string>,
  files: Upload[],
  url: string = OnboardingPath.kycUpload,
  lang = 'en_US',
) {
  const { payload, headers } = multipartBody(fields, files);
  const res = await t.app.inject({
    method: 'POST',
    url: `${API_BASE}${url}`,
    headers: { ...headers, 'x-auth-token': token, lang },
    payload,
  });
  return { status: res.statusCode, body: res.json<TEnvelope<TKycFile[]>>() };
}

/** The business documents and an ID photo a valid profile refers to. */
export async function uploadProfileFiles(t: TestContext, token: string, businessId: number) {
  const docs = await uploadKycFiles(t, token, { businessId: String(businessId), field: 'businessDocuments' }, [
    { name: 'certificate.pdf', content: pdfFile('certificate of incorporation') },
    { name: 'register.xlsx', content: xlsxFile() },
  ]);
  const ids = await uploadKycFiles(t, token, { businessId: String(businessId), field: 'idPhotos' }, [
    { name: 'passport.png', content: pngFile() },
  ]);
  expect(docs.body.code, JSON.stringify(docs.body)).toBe(0);
  expect(ids.body.code, JSON.stringify(ids.body)).toBe(0);
  return { documentFileIds: docs.body.data.map((f) => f.fileId), idPhotoFileIds: ids.body.data.map((f) => f.fileId) };
}

/** Saves every step of a valid profile through the API, as the wizard does. */
export async function saveProfile(t: TestContext, token: string, businessId: number, profile: ReturnType<typeof validProfile>) {
  for (const step of ['business', 'industry', 'bank', 'owners', 'declaration'] as const) {
    const res = await call<TKycDraft>(t.app, OnboardingPath.kycSaveDraft, { token, body: { businessId, step, data: profile[step] } });
    expect(res.body.code, `${step}: ${JSON.stringify(res.body)}`).toBe(0);
  }
}
