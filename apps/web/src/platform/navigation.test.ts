import { describe, expect, it } from 'vitest';
import { loginPathWithRedirect, safeRedirect } from './navigation';

describe('safeRedirect', () => {
  it('keeps same-site paths with their query and hash', () => {
    expect(safeRedirect('/index')).toBe('/index');
    expect(safeRedirect('/log/forwardLoginLogList?page=2&success=false#top')).toBe('/log/forwardLoginLogList?page=2&success=false#top');
  });

  it('refuses other sites, schemes and the sign-in page itself', () => {
    for (const value of [
      null,
      '',
      'index',
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      '/loginNew',
    ]) {
      expect(safeRedirect(value)).toBe('/');
    }
  });
});

describe('loginPathWithRedirect', () => {
  it('encodes the whole path', () => {
    expect(loginPathWithRedirect('/a?b=1&c=2')).toBe('/loginNew?redirect=%2Fa%3Fb%3D1%26c%3D2');
  });
});
