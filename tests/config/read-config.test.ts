import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../../src/config/read-config.ts';

describe('readConfig', () => {
  it('fills every default from PRODUCT.md', () => {
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

  it('requires a deprecation date when a sunset date is set', () => {
    expect(() => readConfig({ API_V1_SUNSET: '2027-06-30' })).toThrow(/API_V1_DEPRECATION/);
  });
});
