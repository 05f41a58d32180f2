import { describe, expect, it } from 'vitest';
import { maskEmail, maskMobile } from './mask';

describe('masking contact details', () => {
  it('keeps the calling code and the last four digits of a mobile', () => {
    expect(maskMobile('+85291234567')).toBe('+852****4567');
    expect(maskMobile('+8613800000000')).toBe('+861****0000');
  });

  it('keeps the first two characters and the domain of an email', () => {
    expect(maskEmail('owner@example.com')).toBe('ow***@example.com');
    expect(maskEmail('a@example.com')).toBe('a***@example.com');
    expect(maskEmail('not-an-email')).toBe('not-an-email');
  });
});
