import { domainToASCII, domainToUnicode } from 'node:url';
import { parse as parseDomain } from 'tldts';
import { ApiError } from '../api-error.ts';
import { clipInput, quoteInput } from '../quote-input.ts';

const EXAMPLE = 'Give a domain name such as acme.com or an address such as https://www.acme.com.';
const LABEL = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/;

/**
 * Special-use names (RFC 6761, 6762, 7686, 8375, 9476; ICANN's .internal) that are not sites
 * anyone can visit. Some sit in the public-suffix list (`onion`, `home.arpa`), so the list
 * alone does not catch them.
 */
const SPECIAL_USE = ['localhost', 'local', 'test', 'invalid', 'example', 'onion', 'alt', 'internal', 'arpa'];

/** An authority with an `@` before any path: `user:pw@acme.com`, with or without a scheme. */
const CREDENTIALS = /^(?:[a-z][a-z0-9+.-]*:\/\/)?[^/?#]*@/i;

/** A punycode label must decode, and encode back to itself (`xn--a` does neither). */
function isValidPunycode(label: string): boolean {
  const decoded = domainToUnicode(label);
  return decoded !== '' && decoded !== label && domainToASCII(decoded) === label;
}

function reject(why: string): never {
  throw new ApiError('invalid_site', `site is not a domain name: ${why}. ${EXAMPLE}`);
}

function parseHost(input: string): URL {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(input)?.[1]?.toLowerCase();
  // "acme.com:8080" looks like a scheme followed by a port; anything else after "x:" is a scheme.
  const hasScheme = scheme !== undefined && !/^\d+(\/|$)/.test(input.slice(scheme.length + 1));
  if (hasScheme && scheme !== 'http' && scheme !== 'https') reject(`only http and https addresses are accepted, not ${clipInput(scheme)}:`);
  try {
    return new URL(hasScheme ? input : `http://${input}`);
  } catch {
    // WHATWG URL reads a host ending in a number as IPv4, so "acme.123" fails to parse.
    const host = input.replace(/^https?:\/\//i, '').split(/[/?#:]/)[0] ?? '';
    if (/[a-z-].*\.\d+\.?$/i.test(host)) reject('the top-level label cannot be all digits');
    return reject('it cannot be read as a host name');
  }
}

/** Refuses special-use names, top-level domains outside ICANN's list, and bare public suffixes. */
function checkPublic(host: string, tld: string): void {
  if (SPECIAL_USE.includes(tld)) reject(`.${clipInput(tld)} is a special-use name (RFC 6761), not a public site`);
  const parsed = parseDomain(host, { allowPrivateDomains: false });
  if (!parsed.isIcann) reject(`.${clipInput(tld)} is not a public top-level domain`);
  if (!parsed.domain || parsed.domain.length > host.length) reject(`${clipInput(host)} is a public suffix (like co.uk), not a site; give the full domain, such as acme.${clipInput(host)}`);
}

/**
 * Normalizes the person's website to a bare domain (lower-case, punycode, no trailing dot),
 * or null when it is empty. Throws `invalid_site` for anything that is not a public domain name.
 */
export function normalizeSite(raw: string | undefined | null): string | null {
  const input = (raw ?? '').trim();
  if (!input) return null;
  if (input.length > 253) reject('it is longer than 253 characters');
  if (CREDENTIALS.test(input) && !/^mailto:/i.test(input)) reject('addresses with a user name or password (user:pw@) are not accepted');
  const url = parseHost(input);
  if (url.username || url.password) reject('addresses with credentials are not accepted');
  let host = url.hostname; // WHATWG URL has lower-cased it and converted IDN to punycode
  if (host.startsWith('[') || /^[0-9.]+$/.test(host)) reject('IP addresses are not accepted');
  if (host.endsWith('.')) host = host.slice(0, -1);
  if (host.length > 253) reject('it is longer than 253 characters');
  const labels = host.split('.');
  if (host === 'localhost' || host.endsWith('.localhost')) reject('localhost is not a public site');
  if (labels.length < 2) reject('it needs at least two labels, like acme.com');
  for (const label of labels) {
    if (label.length === 0 || label.length > 63) reject('each label must be 1 to 63 characters long');
    if (!LABEL.test(label)) reject(`the label ${quoteInput(label)} may hold only letters, digits and inner hyphens`);
  }
  if (/^[0-9]+$/.test(labels.at(-1)!)) reject('the top-level label cannot be all digits');
  for (const label of labels) if (label.startsWith('xn--') && !isValidPunycode(label)) reject(`the label ${quoteInput(label)} is not valid punycode`);
  checkPublic(host, labels.at(-1)!);
  return host;
}
