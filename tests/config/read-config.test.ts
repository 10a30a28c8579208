import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../../src/config/read-config.ts';

describe('readConfig', () => {
  it('fills every default', () => {
    expect(readConfig({})).toMatchObject({
      SITE_URL: 'http://localhost:4321',
      STUDIO_URL: 'https://studio.example.com',
      HOST: '127.0.0.1',
      PORT: 4321,
      TRUST_PROXY: 0,
      REST_RATE_LIMIT: 120,
      MCP_RATE_LIMIT: 60,
      CATALOG_DIR: 'templates',
      ALLOWED_HOSTS: [],
      CONTENT_SIGNAL: { search: true, 'ai-input': true, 'ai-train': true },
    });
  });

  it('reads CONTENT_SIGNAL in any order, case and spacing', () => {
    expect(readConfig({ CONTENT_SIGNAL: ' AI-Train=no,search=yes ,  ai-input = yes' }).CONTENT_SIGNAL).toEqual({ search: true, 'ai-input': true, 'ai-train': false });
  });

  it.each(['search=yes', 'search=maybe, ai-input=yes, ai-train=no', 'search=yes, search=no, ai-train=no', 'search=yes, ai-input=yes, ai-train=no, ai-train=no', 'train=no'])(
    'refuses CONTENT_SIGNAL %j, saying what it takes',
    (value) => expect(() => readConfig({ CONTENT_SIGNAL: value })).toThrow(/variable "CONTENT_SIGNAL": must set search, ai-input and ai-train once each to yes or no/),
  );

  it('drops a trailing slash from base addresses and splits ALLOWED_HOSTS', () => {
    const c = readConfig({ SITE_URL: 'https://catalog.example.org/', ALLOWED_HOSTS: 'a.example, B.example ,' });
    expect(c.SITE_URL).toBe('https://catalog.example.org');
    expect(c.ALLOWED_HOSTS).toEqual(['a.example', 'b.example']);
  });

  it('refuses an ALLOWED_HOSTS entry that is not a host name', () => {
    expect(() => readConfig({ ALLOWED_HOSTS: 'ok.example, https://agents.example' })).toThrow(/variable "ALLOWED_HOSTS.*": must be host names/);
  });

  it('treats an empty variable as unset', () => {
    expect(readConfig({ PORT: '' }).PORT).toBe(4321);
  });

  it('names the variable and the rule for each bad value', () => {
    const read = () => readConfig({ PORT: 'eighty', SITE_URL: 'ftp://x', REDIS_URL: 'http://x' });
    expect(read).toThrow(ConfigError);
    expect(read).toThrow(/variable "PORT": must be a number/);
    expect(read).toThrow(/variable "SITE_URL": must be an http\(s\) URL/);
    expect(read).toThrow(/variable "REDIS_URL": must be a redis:\/\//);
  });

  it('reads REQUESTS_CONTACT as an email address and refuses anything else', () => {
    expect(readConfig({ REQUESTS_CONTACT: 'briefs@studio.example.org' }).REQUESTS_CONTACT).toBe('briefs@studio.example.org');
    expect(readConfig({}).REQUESTS_CONTACT).toBeUndefined();
    expect(() => readConfig({ REQUESTS_CONTACT: 'mailto:briefs@example.org' })).toThrow(/variable "REQUESTS_CONTACT": must be an email address/);
  });

  it('requires a deprecation date when a sunset date is set', () => {
    expect(() => readConfig({ API_V1_SUNSET: '2027-06-30' })).toThrow(/API_V1_DEPRECATION/);
  });

  it('reads TRUST_PROXY as a hop count or as the trusted proxies themselves', () => {
    expect(readConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(readConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8 ,2001:db8::/32,192.0.2.7' }).TRUST_PROXY).toEqual(['loopback', '10.0.0.0/8', '2001:db8::/32', '192.0.2.7']);
  });

  it('names each TRUST_PROXY entry that is not an address, a range or a range name', () => {
    expect(() => readConfig({ TRUST_PROXY: '10.0.0.0/8, cdn.example.com' })).toThrow(/variable "TRUST_PROXY": "cdn.example.com" is not an IP address, a CIDR range/);
    expect(() => readConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/"10.0.0.0\/33" is not an IP address/);
    expect(() => readConfig({ TRUST_PROXY: '11' })).toThrow(/must be a hop count from 0 to 10/);
  });

  it('reads the CDN settings: tag header by any case, purge URLs, asset retention', () => {
    const c = readConfig({ CACHE_TAG_HEADER: 'Surrogate-Key', ASSET_RETENTION_SECONDS: '3600' });
    expect(c.CACHE_TAG_HEADER).toBe('surrogate-key');
    expect(c.ASSET_RETENTION_SECONDS).toBe(3600);
    const purged = readConfig({ CACHE_TAG_HEADER: 'xkey', CDN_PURGE_URL: 'http://10.0.0.5:6081/, http://10.0.0.6:6081' });
    expect(purged.CDN_PURGE_URL).toEqual(['http://10.0.0.5:6081', 'http://10.0.0.6:6081']);
    expect(readConfig({}).CACHE_TAG_HEADER).toBeUndefined();
  });

  it('refuses a purge without xkey tags, an unknown tag header and a negative retention', () => {
    expect(() => readConfig({ CDN_PURGE_URL: 'http://10.0.0.5:6081' })).toThrow(/variable "CACHE_TAG_HEADER": must be xkey when CDN_PURGE_URL is set/);
    expect(() => readConfig({ CACHE_TAG_HEADER: 'Edge-Tag' })).toThrow(/variable "CACHE_TAG_HEADER": must be one of "xkey", "surrogate-key", "cache-tag"/);
    expect(() => readConfig({ CACHE_TAG_HEADER: 'xkey', CDN_PURGE_URL: 'varnish:6081' })).toThrow(/variable "CDN_PURGE_URL/);
    expect(() => readConfig({ ASSET_RETENTION_SECONDS: '-1' })).toThrow(/variable "ASSET_RETENTION_SECONDS": must be at least 0/);
  });
});
