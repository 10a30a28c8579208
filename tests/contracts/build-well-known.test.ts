import { describe, expect, it } from 'vitest';
import { buildApiCatalog, OPENAPI_MEDIA_TYPE } from '../../src/contracts/published/build-api-catalog.ts';
import { buildSecurityTxt } from '../../src/contracts/published/build-security-txt.ts';

const builtAt = new Date('2026-06-01T12:34:56.789Z');
const fields = (text: string) => Object.fromEntries(text.trim().split('\n').map((l) => l.split(/: (.*)/s).slice(0, 2)));

describe('buildSecurityTxt', () => {
  it('defaults Contact to security@ the site host, without the port', () => {
    const txt = buildSecurityTxt({ siteUrl: 'http://localhost:4321', builtAt });
    expect(fields(txt)).toEqual({
      Contact: 'mailto:security@localhost',
      Expires: '2027-06-01T12:34:56Z',
      Canonical: 'http://localhost:4321/.well-known/security.txt',
      'Preferred-Languages': 'en',
    });
  });

  it('uses SECURITY_CONTACT when set', () => {
    const txt = buildSecurityTxt({ siteUrl: 'https://catalog.test', contact: 'https://catalog.test/security', builtAt });
    expect(fields(txt).Contact).toBe('https://catalog.test/security');
  });

  it('expires a year after a leap-day build, on March 1', () => {
    const txt = buildSecurityTxt({ siteUrl: 'https://catalog.test', builtAt: new Date('2028-02-29T00:00:00Z') });
    expect(fields(txt).Expires).toBe('2029-03-01T00:00:00Z');
  });
});

describe('buildApiCatalog', () => {
  it('is an RFC 9727 linkset naming both APIs with their descriptions and docs', () => {
    const { linkset } = buildApiCatalog('https://catalog.test');
    expect(linkset[0]).toEqual({
      anchor: 'https://catalog.test/.well-known/api-catalog',
      item: [expect.objectContaining({ href: 'https://catalog.test/api/v1' }), expect.objectContaining({ href: 'https://catalog.test/api/mcp' })],
    });
    const rest = linkset.find((l) => l.anchor === 'https://catalog.test/api/v1')!;
    expect(rest['service-desc']).toEqual([{ href: 'https://catalog.test/openapi.json', type: OPENAPI_MEDIA_TYPE }]);
    expect(rest['service-doc']).toContainEqual({ href: 'https://catalog.test/docs', type: 'text/html' });
    const mcp = linkset.find((l) => l.anchor === 'https://catalog.test/api/mcp')!;
    expect(mcp['service-desc']).toEqual([{ href: 'https://catalog.test/.well-known/mcp/server-card.json', type: 'application/mcp-server-card+json' }]);
  });
});
