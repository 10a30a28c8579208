function expandV6(ip: string): string[] {
  const [head = '', tail] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const fill = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...fill, ...right];
}

/**
 * The rate-limit bucket of an address: IPv4 as is, IPv6 by its /64 prefix, because one
 * subscriber usually holds a whole /64 and could otherwise rotate addresses freely. `ip` is an
 * address already read (the socket's, a trusted proxy's or the platform's): a colon means IPv6.
 */
export function getRateLimitKey(ip: string): string {
  if (!ip.includes(':')) return ip;
  const groups = expandV6(ip.split('%')[0]!.toLowerCase());
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}
