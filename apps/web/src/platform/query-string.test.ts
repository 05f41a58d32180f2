import { describe, expect, it } from 'vitest';
import { buildQueryString, withQuery } from './query-string';

describe('buildQueryString', () => {
  it('skips undefined, null and empty strings but keeps 0 and false', () => {
    expect(buildQueryString({ a: undefined, b: null, c: '', d: 0, e: false, f: 'x' })).toBe('d=0&e=false&f=x');
  });

  it('writes nested objects as key[sub], skipping their empty values', () => {
    expect(buildQueryString({ params: { beginTime: '2026-01-01', endTime: '', extra: null }, page: 1 })).toBe(
      `${encodeURIComponent('params[beginTime]')}=2026-01-01&page=1`,
    );
  });

  it('goes deeper than one level', () => {
    expect(buildQueryString({ a: { b: { c: 1 } } })).toBe(`${encodeURIComponent('a[b][c]')}=1`);
  });

  it('encodes keys and values', () => {
    expect(buildQueryString({ 'order no': 'a&b=c', name: '商户 1' })).toBe('order%20no=a%26b%3Dc&name=%E5%95%86%E6%88%B7%201');
  });

  it('repeats the key for arrays and writes dates as ISO strings', () => {
    expect(buildQueryString({ status: [1, 2, '', null], at: new Date('2026-01-02T03:04:05.000Z') })).toBe(
      'status=1&status=2&at=2026-01-02T03%3A04%3A05.000Z',
    );
  });

  it('gives an empty string for nothing to send', () => {
    expect(buildQueryString(undefined)).toBe('');
    expect(buildQueryString({ a: '', b: { c: undefined } })).toBe('');
  });
});

describe('withQuery', () => {
  it('appends with ? or & and leaves the url alone when there is nothing to add', () => {
    expect(withQuery('/v3api/log/loginLogList', { page: 2, limit: 20 })).toBe('/v3api/log/loginLogList?page=2&limit=20');
    expect(withQuery('/x?y=1', { z: 2 })).toBe('/x?y=1&z=2');
    expect(withQuery('/x', { z: '' })).toBe('/x');
  });
});
