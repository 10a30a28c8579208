import { describe, expect, it } from 'vitest';
import { deriveSiteUrl } from '../../src/config/derive-site-url.ts';
import { readConfig } from '../../src/config/read-config.ts';
import { describeAddressMismatch } from '../../src/server/lifecycle/load-build.ts';

describe('deriveSiteUrl', () => {
  it.each([
    ['127.0.0.1', 4321, 'http://localhost:4321'],
    ['0.0.0.0', 4711, 'http://localhost:4711'],
    ['::', 8080, 'http://localhost:8080'],
    ['catalog.internal', 8080, 'http://catalog.internal:8080'],
    ['10.0.0.5', 80, 'http://10.0.0.5:80'],
    ['::1', 4321, 'http://[::1]:4321'],
    ['127.0.0.1', 0, 'http://localhost:4321'],
  ])('links a server on %s port %i at %s', (host, port, url) => {
    expect(deriveSiteUrl(host, port)).toBe(url);
  });
});

describe('readConfig SITE_URL', () => {
  it('follows PORT and HOST when unset', () => {
    expect(readConfig({ PORT: '4711' }).SITE_URL).toBe('http://localhost:4711');
    expect(readConfig({ HOST: '0.0.0.0', PORT: '8080' }).SITE_URL).toBe('http://localhost:8080');
    expect(readConfig({ HOST: 'catalog.internal' }).SITE_URL).toBe('http://catalog.internal:4321');
  });

  it('keeps SITE_URL when given, whatever the port', () => {
    expect(readConfig({ PORT: '4711', SITE_URL: 'https://catalog.example.com/' }).SITE_URL).toBe('https://catalog.example.com');
  });
});

describe('describeAddressMismatch', () => {
  it('says so, and how to rebuild, when a server on another port serves a local build', () => {
    const message = describeAddressMismatch('http://localhost:4321', 'dist', { PORT: '4711' });
    expect(message).toContain('was made for http://localhost:4321, but this server listens on http://localhost:4711');
    expect(message).toContain('`HOST=127.0.0.1 PORT=4711 npm run build`');
  });

  it('says so when a local build is served on a network address', () => {
    expect(describeAddressMismatch('http://localhost:4321', 'dist', { HOST: '10.0.0.5', PORT: '4321' })).toContain('listens on http://10.0.0.5:4321');
  });

  it.each([
    ['the build names this address', 'http://localhost:4711', { PORT: '4711' }],
    ['the build names 127.0.0.1 on this port', 'http://127.0.0.1:4711', { HOST: '0.0.0.0', PORT: '4711' }],
    ['the build names a public address (a proxy answers there)', 'https://catalog.example.com', { PORT: '4711' }],
    ['the port is picked at start', 'http://localhost:4321', { PORT: '0' }],
    ['the server sits behind proxies it trusts (the local stack)', 'http://localhost:8080', { PORT: '4401', TRUST_PROXY: '127.0.0.1' }],
    ['SITE_URL is given (checked by checkSiteUrl)', 'http://localhost:4321', { PORT: '4711', SITE_URL: 'http://localhost:4321' }],
  ])('says nothing when %s', (_, builtFor, env) => {
    expect(describeAddressMismatch(builtFor, 'dist', env)).toBeUndefined();
  });
});
