import type { IncomingMessage } from 'node:http';
import proxyaddr from 'proxy-addr';
import { describe, expect, it } from 'vitest';
import { createClientIpReader, createForwardedProtoReader, getClientIp } from '../../src/server/http/client-ip.ts';
import { getRateLimitKey } from '../../src/http/rate-limit-key.ts';

const request = (remoteAddress: string, xff?: string | string[]) =>
  ({ socket: { remoteAddress }, headers: xff === undefined ? {} : { 'x-forwarded-for': xff } }) as unknown as IncomingMessage;

describe('getClientIp', () => {
  it('uses the socket address, IPv4-mapped IPv6 unwrapped', () => {
    expect(getClientIp(request('::ffff:192.0.2.1', '203.0.113.5'), 0)).toBe('192.0.2.1');
  });

  it('takes the N-th entry from the right with N trusted hops', () => {
    expect(getClientIp(request('10.0.0.9', '198.51.100.1, 203.0.113.5'), 1)).toBe('203.0.113.5');
    expect(getClientIp(request('10.0.0.9', '198.51.100.1, 203.0.113.5, 10.0.0.1'), 2)).toBe('203.0.113.5');
  });

  it('takes the leftmost entry when the header is shorter than the hop count', () => {
    expect(getClientIp(request('10.0.0.9', '203.0.113.5'), 3)).toBe('203.0.113.5');
  });

  it('joins repeated headers and falls back to the socket for junk', () => {
    expect(getClientIp(request('10.0.0.9', ['198.51.100.1', '203.0.113.5']), 1)).toBe('203.0.113.5');
    expect(getClientIp(request('10.0.0.9', '203.0.113.5, <script>'), 1)).toBe('10.0.0.9');
    expect(getClientIp(request('10.0.0.9', ''), 1)).toBe('10.0.0.9');
  });
});

describe('getClientIp against proxy-addr', () => {
  it.each([
    ['10.0.0.9', '198.51.100.1, 203.0.113.5', 1],
    ['10.0.0.9', '198.51.100.1, 203.0.113.5, 10.0.0.1', 2],
    ['10.0.0.9', '203.0.113.5', 3],
    ['10.0.0.9', '198.51.100.1,203.0.113.5 ,  192.0.2.7', 2],
    ['2001:db8::9', '2001:db8:1::1, 2001:db8:2::2', 1],
    ['10.0.0.9', '198.51.100.1, 203.0.113.5', 0],
  ] as const)('picks what proxy-addr picks with Express\'s "trust proxy N" (%s, %s, N=%i)', (socket, xff, hops) => {
    const req = request(socket, xff);
    expect(getClientIp(req, hops)).toBe(proxyaddr(req, (_addr, i) => i < hops));
  });
});

describe('createClientIpReader with trusted proxy addresses', () => {
  const behindCdn = createClientIpReader(['10.0.0.0/8', '198.51.100.0/24']); // the load balancer's network, the CDN's range

  it('takes the nearest address that is not a trusted proxy, however many proxies there were', () => {
    expect(behindCdn(request('10.0.0.9', '203.0.113.5, 198.51.100.20'))).toBe('203.0.113.5');
    expect(behindCdn(request('10.0.0.9', '192.0.2.66, 203.0.113.5, 198.51.100.20, 10.0.0.3'))).toBe('203.0.113.5'); // the forged 192.0.2.66 is ignored
    expect(behindCdn(request('10.0.0.9', '203.0.113.5'))).toBe('203.0.113.5'); // a request that skipped the CDN
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', () => {
    expect(behindCdn(request('203.0.113.5', '192.0.2.66'))).toBe('203.0.113.5');
    expect(behindCdn(request('::ffff:203.0.113.5', '192.0.2.66'))).toBe('203.0.113.5');
  });

  it('stops at the last address before an entry that is not one', () => {
    expect(behindCdn(request('10.0.0.9', '<script>, 198.51.100.20'))).toBe('198.51.100.20');
  });

  it.each([
    [['loopback'], '127.0.0.1', '203.0.113.5, 127.0.0.1'],
    [['uniquelocal', 'linklocal'], '10.1.2.3', '198.51.100.1, 203.0.113.5, 192.168.0.7'],
    [['2001:db8::/32'], '2001:db8::9', '2001:db8:1::1, 2001:db8:2::2'],
    [['192.0.2.7', '10.0.0.0/8'], '10.0.0.9', '198.51.100.1, 192.0.2.7'],
  ])('picks what proxy-addr picks (trust %j, socket %s, %s)', (trust, socket, xff) => {
    const req = request(socket, xff);
    expect(createClientIpReader(trust)(req)).toBe(proxyaddr(req, trust));
  });

  it('answers a returning client from memory, still telling apart clients and peers', () => {
    const read = createClientIpReader(['10.0.0.0/8']);
    expect(read(request('10.0.0.9', '203.0.113.5'))).toBe('203.0.113.5');
    expect(read(request('10.0.0.9', '203.0.113.5'))).toBe('203.0.113.5');
    expect(read(request('10.0.0.9', '203.0.113.6'))).toBe('203.0.113.6');
    expect(read(request('192.0.2.1', '203.0.113.5'))).toBe('192.0.2.1'); // same header from an untrusted peer
    expect(read(request('10.0.0.9', `${'203.0.113.7, '.repeat(30)}203.0.113.8`))).toBe('203.0.113.8'); // too long to remember, still read
  });

  it('reads a hop count as getClientIp does', () => {
    expect(createClientIpReader(1)(request('10.0.0.9', '198.51.100.1, 203.0.113.5'))).toBe('203.0.113.5');
  });
});

describe('createForwardedProtoReader with trusted proxy addresses', () => {
  const withProto = (socket: string, xff: string, proto: string) =>
    ({ socket: { remoteAddress: socket }, headers: { 'x-forwarded-for': xff, 'x-forwarded-proto': proto } }) as unknown as IncomingMessage;
  const read = createForwardedProtoReader(['10.0.0.0/8']);

  it('reads the scheme the outermost trusted proxy saw, whether the proxies append or overwrite', () => {
    expect(read(withProto('10.0.0.9', '203.0.113.5', 'https'))).toBe('https');
    expect(read(withProto('10.0.0.9', '203.0.113.5, 10.0.0.3', 'https, http'))).toBe('https'); // the inner proxy appended its own hop
    expect(read(withProto('10.0.0.9', '203.0.113.5, 10.0.0.3', 'https'))).toBe('https'); // the inner proxy passed it on
  });

  it('believes no scheme from a peer that is not a trusted proxy', () => {
    expect(read(withProto('203.0.113.5', '192.0.2.1', 'https'))).toBeUndefined();
  });
});

describe('getRateLimitKey', () => {
  it('keeps IPv4 addresses as they are', () => {
    expect(getRateLimitKey('203.0.113.5')).toBe('203.0.113.5');
  });

  it('groups IPv6 addresses by their /64 prefix', () => {
    expect(getRateLimitKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(getRateLimitKey('2001:0db8:0001:0002:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(getRateLimitKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(getRateLimitKey('::1')).toBe('0:0:0:0::/64');
  });
});
