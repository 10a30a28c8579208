import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';

const MAPPED_V4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

function normalizeIp(ip: string): string {
  return MAPPED_V4.exec(ip)?.[1] ?? ip;
}

/**
 * The client's address. Ours rather than `proxy-addr`: the rule here is only Express's "trust
 * proxy N" (hop count, no subnets), which proxy-addr computes in 582 ns against these 350 ns
 * per request (`npm run bench -- plumbing`); tests/server/client-ip.test.ts checks that both
 * pick the same address. With `trustProxy` = N, the N proxies in front of us each appended
 * the address they saw to X-Forwarded-For, so the client is the N-th entry from the right
 * (Express's "trust proxy N" rule). Entries further left are client-supplied and ignored;
 * a header shorter than N yields its leftmost entry. Anything unreadable falls back to
 * the socket address, so a forged header can never produce an empty key.
 */
export function getClientIp(req: IncomingMessage, trustProxy: number): string {
  const socketIp = normalizeIp(req.socket.remoteAddress ?? 'unknown');
  if (trustProxy === 0) return socketIp;
  const header = req.headers['x-forwarded-for'];
  if (!header) return socketIp;
  const hops = (Array.isArray(header) ? header.join(',') : header).split(',');
  const picked = hops[Math.max(hops.length - trustProxy, 0)]!.trim();
  return isIP(picked) ? normalizeIp(picked) : socketIp;
}

/**
 * The scheme the client used, when the proxies in front are trusted (TRUST_PROXY hops): the
 * X-Forwarded-Proto entry the outermost trusted proxy wrote, by the same counting as the
 * client address (proxies that append and proxies that overwrite both read right). Without
 * trust, the header may be anyone's: undefined.
 */
export function getForwardedProto(req: IncomingMessage, trustProxy: number): string | undefined {
  if (trustProxy === 0) return undefined;
  const header = req.headers['x-forwarded-proto'];
  if (!header) return undefined;
  const hops = (Array.isArray(header) ? header.join(',') : header).split(',');
  return hops[Math.max(hops.length - trustProxy, 0)]!.trim().toLowerCase();
}

function expandV6(ip: string): string[] {
  const [head = '', tail] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const fill = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...fill, ...right];
}

/**
 * The rate-limit bucket of an address: IPv4 as is, IPv6 by its /64 prefix, because one
 * subscriber usually holds a whole /64 and could otherwise rotate addresses freely.
 */
export function getRateLimitKey(ip: string): string {
  if (isIP(ip) !== 6) return ip;
  const groups = expandV6(ip.split('%')[0]!.toLowerCase());
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}
