import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import { LRUCache } from 'lru-cache';
import proxyaddr from 'proxy-addr';

const MAPPED_V4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

function normalizeIp(ip: string): string {
  return MAPPED_V4.exec(ip)?.[1] ?? ip;
}

/**
 * The client's address by a hop count. Ours rather than `proxy-addr` for this one rule
 * (Express's "trust proxy N"): proxy-addr computes it in 330 ns against these 114 ns per
 * request (`npm run bench -- plumbing`); tests/server/client-ip.test.ts checks that both
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
 * The client's address when the trusted proxies are named (addresses, CIDR ranges, `loopback`,
 * `linklocal`, `uniquelocal`), by `proxy-addr`, Express's own: walking X-Forwarded-For from the
 * socket leftwards, the first address that is not a trusted proxy. An entry that is not an
 * address stops the walk at the last address before it, so a forged header never yields a key
 * of its own making.
 */
function readByAddresses(req: IncomingMessage, trusted: (addr: string, i: number) => boolean): string {
  const picked = proxyaddr(req, trusted);
  if (isIP(picked)) return normalizeIp(picked);
  const chain = proxyaddr.all(req, trusted);
  for (let i = chain.length - 1; i > 0; i--) if (isIP(chain[i]!)) return normalizeIp(chain[i]!);
  return normalizeIp(chain[0] ?? 'unknown');
}

/** TRUST_PROXY as configured: a hop count, or the trusted proxies' addresses and ranges. */
export type TrustProxy = number | readonly string[];

/** Clients remembered, and the longest X-Forwarded-For remembered (longer ones are read each time). */
const MEMO_ENTRIES = 10_000;
const MEMO_MAX_HEADER = 256;

/**
 * Reads the client address of a request under TRUST_PROXY (addresses compiled once). With named
 * proxies, proxy-addr parses every address of the chain (~3-10 µs a request, against ~0.1-0.4 µs
 * for a hop count, `npm run bench -- plumbing`), so its answer is remembered per socket address
 * and header: a client's next requests cost a map lookup.
 */
export function createClientIpReader(trust: TrustProxy): (req: IncomingMessage) => string {
  if (typeof trust === 'number') return (req) => getClientIp(req, trust);
  const trusted = proxyaddr.compile([...trust]);
  const memo = new LRUCache<string, string>({ max: MEMO_ENTRIES });
  return (req) => {
    const header = req.headers['x-forwarded-for'];
    const forwarded = Array.isArray(header) ? header.join(',') : (header ?? '');
    if (forwarded.length > MEMO_MAX_HEADER) return readByAddresses(req, trusted);
    const key = `${req.socket.remoteAddress ?? ''} ${forwarded}`;
    let ip = memo.get(key);
    if (ip === undefined) memo.set(key, (ip = readByAddresses(req, trusted)));
    return ip;
  };
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

/**
 * Reads the scheme the client used under TRUST_PROXY: with named proxies, the proxies trusted
 * on this request's way (proxy-addr's chain without the client) are the hops counted.
 */
export function createForwardedProtoReader(trust: TrustProxy): (req: IncomingMessage) => string | undefined {
  if (typeof trust === 'number') return (req) => getForwardedProto(req, trust);
  const trusted = proxyaddr.compile([...trust]);
  return (req) => (req.headers['x-forwarded-proto'] ? getForwardedProto(req, proxyaddr.all(req, trusted).length - 1) : undefined);
}

