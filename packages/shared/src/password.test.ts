import { describe, expect, it } from 'vitest';
import { checkPassword } from './password';

describe('password rule (spec §5)', () => {
  it('accepts 8 to 15 characters with two kinds', () => {
    expect(checkPassword('Admin@2026')).toBeNull();
    expect(checkPassword('abcdefg1')).toBeNull();
    expect(checkPassword('ABCDEFGH!')).toBeNull();
    expect(checkPassword('Abcdefghijklmn1')).toBeNull();
  });

  it('refuses an empty password', () => {
    expect(checkPassword('')).toBe('required');
    expect(checkPassword(undefined)).toBe('required');
  });

  it('refuses too short and too long', () => {
    expect(checkPassword('Ab1!xyz')).toBe('length');
    expect(checkPassword('Abcdefghijklmn12')).toBe('length');
  });

  it('refuses a single kind of character', () => {
    expect(checkPassword('abcdefgh')).toBe('variety');
    expect(checkPassword('12345678')).toBe('variety');
    expect(checkPassword('!@#$%^&*')).toBe('variety');
  });

  it('refuses spaces anywhere', () => {
    expect(checkPassword('Admin 2026')).toBe('spaces');
    expect(checkPassword(' Admin2026')).toBe('spaces');
  });
});
