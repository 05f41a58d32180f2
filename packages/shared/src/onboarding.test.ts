import { describe, expect, it } from 'vitest';
import { ZCaptchaBody, ZMobile, ZSignUpBody, ZEmail } from './onboarding';
import { KYC_FIELD_TYPES, ZKycSaveDraftBody } from './kyc';
import { OnboardingPath, fillPath } from './onboarding-paths';

describe('onboarding contract', () => {
  it('normalizes emails and takes mobiles in E.164 only', () => {
    expect(ZEmail.parse('  Owner@Shop.Example ')).toBe('owner@shop.example');
    expect(ZMobile.safeParse('+85291234567').success).toBe(true);
    expect(ZMobile.safeParse('91234567').success).toBe(false);
    expect(ZMobile.safeParse('+852 9123 4567').success).toBe(false);
  });

  it('checks the sign-up password rule and confirmation', () => {
    const base = {
      email: 'a@b.example',
      mobile: '+85291234567',
      smsCode: '123456',
      password: 'Lantern#2026',
      confirmPassword: 'Lantern#2026',
    };
    expect(ZSignUpBody.safeParse(base).success).toBe(true);
    expect(ZSignUpBody.safeParse({ ...base, confirmPassword: 'x' }).error?.issues[0]?.message).toBe('password.mismatch');
    expect(ZSignUpBody.safeParse({ ...base, password: 'short', confirmPassword: 'short' }).error?.issues[0]?.message).toBe('password.rule');
    expect(ZSignUpBody.safeParse({ ...base, smsCode: '12345' }).success).toBe(false);
  });

  it('offers only sign-up and sign-in codes publicly', () => {
    expect(ZCaptchaBody.safeParse({ purpose: 'signIn', channel: 'email', target: 'a@b.example' }).success).toBe(true);
    expect(ZCaptchaBody.safeParse({ purpose: 'removeAccount', channel: 'sms', target: '+85291234567' }).success).toBe(false);
  });

  it('saves one KYC step at a time with partial data', () => {
    expect(ZKycSaveDraftBody.safeParse({ businessId: 3, step: 'bank', data: { bankName: '' } }).success).toBe(true);
    expect(ZKycSaveDraftBody.safeParse({ businessId: 3, step: 'owners', data: [{ firstName: 'Mei' }] }).success).toBe(true);
    expect(ZKycSaveDraftBody.safeParse({ businessId: 3, step: 'nope', data: {} }).success).toBe(false);
  });

  it('accepts images only for ID photos and fills path parameters', () => {
    expect(KYC_FIELD_TYPES.idPhotos).toEqual(['jpg', 'jpeg', 'png', 'bmp']);
    expect(KYC_FIELD_TYPES.businessDocuments).toContain('docx');
    expect(fillPath(OnboardingPath.kycFile, { fileId: 7 })).toBe('/kyc/file/7');
    expect(fillPath(OnboardingPath.uploadAdditional, { businessId: 12 })).toBe('/kyc/uploadAdditional/12');
  });
});
