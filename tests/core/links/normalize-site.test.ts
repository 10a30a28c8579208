import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/core/api-error.ts';
import { normalizeSite } from '../../../src/core/links/normalize-site.ts';

/** The invalid_site error normalizeSite throws for `input` (fails the test if it accepts it). */
function rejection(input: string): ApiError {
  try {
    const site = normalizeSite(input);
    throw new Error(`accepted ${JSON.stringify(input)} as ${site}`);
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    return err;
  }
}

const label63 = 'a'.repeat(63);

describe('normalizeSite', () => {
  it('treats empty, blank and missing input as no site', () => {
    expect(normalizeSite(undefined)).toBeNull();
    expect(normalizeSite(null)).toBeNull();
    expect(normalizeSite('')).toBeNull();
    expect(normalizeSite('   \t ')).toBeNull();
  });

  it('accepts a bare host and trims it', () => {
    expect(normalizeSite('acme.com')).toBe('acme.com');
    expect(normalizeSite('  shop.acme.co.uk \n')).toBe('shop.acme.co.uk');
  });

  it('takes the host of an http(s) address', () => {
    expect(normalizeSite('https://www.acme.com/x?y=1#z')).toBe('www.acme.com');
    expect(normalizeSite('http://acme.com:8080/')).toBe('acme.com');
    expect(normalizeSite('acme.com:8080/pricing')).toBe('acme.com');
  });

  it('lower-cases, drops the trailing dot and converts IDN to punycode', () => {
    expect(normalizeSite('ACME.Com')).toBe('acme.com');
    expect(normalizeSite('acme.com.')).toBe('acme.com');
    expect(normalizeSite('bücher.de')).toBe('xn--bcher-kva.de');
    expect(normalizeSite('https://Bücher.DE/shop')).toBe('xn--bcher-kva.de');
  });

  it('accepts labels of exactly 63 characters and inner hyphens', () => {
    expect(normalizeSite(`${label63}.com`)).toBe(`${label63}.com`);
    expect(normalizeSite('my-brand.example-shop.io')).toBe('my-brand.example-shop.io');
  });

  it('rejects input longer than 253 characters', () => {
    const long = `${[label63, label63, label63, label63].join('.')}.com`;
    expect(rejection(long).message).toMatch(/longer than 253/);
  });

  it.each(['192.168.0.1', 'http://10.0.0.1/admin', '[::1]', 'https://[2001:db8::1]/'])('rejects the IP address %s', (input) => {
    expect(rejection(input).message).toMatch(/IP addresses/);
  });

  it.each(['localhost', 'http://localhost:3000', 'app.localhost'])('rejects %s', (input) => {
    expect(rejection(input).message).toMatch(/localhost/);
  });

  it('rejects a single label', () => {
    expect(rejection('intranet').message).toMatch(/at least two labels/);
  });

  it('rejects a label over 63 characters', () => {
    expect(rejection(`${label63}a.com`).message).toMatch(/1 to 63 characters/);
  });

  it.each(['acme_corp.com', 'acme!.com', '-acme.com', 'acme-.com', 'shop.-acme.com'])(
    'rejects %s (letters, digits and inner hyphens only)',
    (input) => {
      expect(rejection(input).message).toMatch(/letters, digits and inner hyphens/);
    },
  );

  it.each(['acme.123', 'https://shop.acme.42/x', 'acme.123.'])('rejects the all-numeric top-level label of %s', (input) => {
    expect(rejection(input).message).toMatch(/top-level label cannot be all digits/);
  });

  it.each(['https://user:secret@acme.com/', 'http://user@acme.com', 'user:pw@acme.com', 'user@acme.com/x'])('rejects the user name or password in %s', (input) => {
    const message = rejection(input).message;
    expect(message).toMatch(/user name or password/);
    expect(message).not.toMatch(/scheme|not user:/);
  });

  it.each(['printer.local', 'db.internal', 'shop.test', 'x.invalid', 'acme.example', 'abc.onion', 'nas.home.arpa', 'box.alt'])(
    'rejects the special-use name %s',
    (input) => {
      expect(rejection(input).message).toMatch(/special-use name/);
    },
  );

  it('rejects a top-level domain outside the public list', () => {
    expect(rejection('acme.zz').message).toMatch(/\.zz is not a public top-level domain/);
  });

  it.each(['co.uk', 'https://com.au/'])('rejects the bare public suffix %s', (input) => {
    expect(rejection(input).message).toMatch(/is a public suffix/);
  });

  it.each(['xn--a.com', 'shop.xn--zz.de'])('rejects the invalid punycode of %s', (input) => {
    expect(rejection(input).message).toMatch(/not valid punycode/);
  });

  it('accepts a site under a multi-label suffix and a valid punycode label', () => {
    expect(normalizeSite('acme.co.uk')).toBe('acme.co.uk');
    expect(normalizeSite('xn--bcher-kva.de')).toBe('xn--bcher-kva.de');
  });

  it.each(['ftp://acme.com', 'javascript:alert(1)', 'mailto:hello@acme.com', 'file:///etc/passwd'])(
    'rejects the scheme of %s',
    (input) => {
      expect(rejection(input).message).toMatch(/only http and https/);
    },
  );

  it('answers every rejection with a 400 invalid_site that shows a valid example', () => {
    const err = rejection('localhost');
    expect(err.code).toBe('invalid_site');
    expect(err.status).toBe(400);
    expect(err.toBody()).toEqual({ error: 'invalid_site', message: expect.stringContaining('such as acme.com') });
  });
});
