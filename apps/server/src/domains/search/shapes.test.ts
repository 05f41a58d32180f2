import { describe, expect, it } from 'vitest';
import { readShapes } from './shapes';

/* What a typed text is read as, before any database is asked. */
describe('readShapes', () => {
  it('reads card digits however a person writes them', () => {
    expect(readShapes('411111').card).toEqual({ first6: '411111' });
    expect(readShapes('1234').card).toEqual({ last4: '1234' });
    expect(readShapes('411111****1234').card).toEqual({ first6: '411111', last4: '1234' });
    expect(readShapes('411111 **** 1234').card).toEqual({ first6: '411111', last4: '1234' });
    expect(readShapes('4111111234').card).toEqual({ first6: '411111', last4: '1234' });
    expect(readShapes('****1234').card).toEqual({ last4: '1234' });
    expect(readShapes('4111 1111 1111 1234').card).toEqual({ first6: '411111', last4: '1234' });
    expect(readShapes('ORD-1234').card).toBeNull();
  });

  it('keeps a number-like text a code too, since an order number may be all digits', () => {
    expect(readShapes('411111').code).toBe('411111');
    expect(readShapes('T10010001000000123').code).toBe('T10010001000000123');
    expect(readShapes('ab').codePrefix).toBe(false);
  });

  it('reads e-mails in lower case and websites by address or host', () => {
    expect(readShapes('John@Shop.Example').email).toBe('john@shop.example');
    expect(readShapes('John@Shop.Example').code).toBeNull();
    expect(readShapes('https://Shop.Example/').website).toEqual({ url: 'https://shop.example', host: 'shop.example' });
    expect(readShapes('www.shop.example').website).toEqual({ url: null, host: 'shop.example' });
    expect(readShapes('T1001.5').website).toBeNull();
  });

  it('finds the stored blacklist value of a masked card and of an e-mail domain', () => {
    expect(readShapes('411111****1234').blacklist).toContain('411111-1234');
    expect(readShapes('@bad.example').blacklist).toContain('bad.example');
  });

  it('reads 23 digits as an acquirer reference number', () => {
    expect(readShapes('74567896123456789012345').arn).toBe(true);
    expect(readShapes('7456789612345678901234').arn).toBe(false);
  });
});
