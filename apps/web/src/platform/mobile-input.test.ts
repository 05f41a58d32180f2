import { describe, expect, it } from 'vitest';
import { MOBILE_RE } from '@mbo/shared/onboarding';
import { MOBILE_PATTERN, joinMobile, splitMobile } from './mobile-input';

describe('mobile number helpers', () => {
  it('use the same E.164 rule as the contract', () => {
    expect(MOBILE_PATTERN.source).toBe(MOBILE_RE.source);
    expect(MOBILE_PATTERN.flags).toBe(MOBILE_RE.flags);
  });

  it('join the calling code and the typed number, dropping spaces, dashes and trunk zeros', () => {
    expect(joinMobile('+44', '07700 900-123')).toBe('+447700900123');
    expect(joinMobile('+852', '9123 4567')).toBe('+85291234567');
    expect(joinMobile('+86', '   ')).toBe('');
  });

  it('split a stored number on its longest known calling code', () => {
    expect(splitMobile('+85291234567')).toEqual({ code: '+852', number: '91234567' });
    expect(splitMobile('+8613800000000')).toEqual({ code: '+86', number: '13800000000' });
    expect(splitMobile('+12025550123')).toEqual({ code: '+1', number: '2025550123' });
    expect(splitMobile('+7912345678')).toEqual({ code: null, number: '' });
    expect(splitMobile(undefined)).toEqual({ code: null, number: '' });
  });
});
