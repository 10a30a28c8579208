import type { IncomingHttpHeaders } from 'node:http';
import type { Config } from '../../schemas/config.ts';

const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];
const allowedByConfig = new WeakMap<Config, ReadonlySet<string>>();

/** `Example.COM:8080` -> `example.com`, `[::1]:4321` -> `[::1]` (names are compared without port). */
export function stripPort(host: string): string {
  const h = host.trim().toLowerCase();
  const name = h.startsWith('[') ? h.slice(0, h.indexOf(']') + 1) || h : (h.split(':', 1)[0] ?? '');
  return name.endsWith('.') ? name.slice(0, -1) : name;
}

/** SITE_URL's host, the loopback names and ALLOWED_HOSTS, without ports; computed once per config. */
export function listAllowedHosts(config: Config): ReadonlySet<string> {
  let hosts = allowedByConfig.get(config);
  if (!hosts) {
    hosts = new Set([new URL(config.SITE_URL).hostname, ...LOOPBACK, ...config.ALLOWED_HOSTS].map(stripPort));
    allowedByConfig.set(config, hosts);
  }
  return hosts;
}

/**
 * DNS-rebinding protection: the Host header when it names a host this server does not answer
 * for, described for the error message; undefined when it is fine or absent. Origin is not
 * checked: the server is public and read-only, so any page may call it (PRODUCT.md), and a
 * rebound name still arrives in Host.
 */
export function findForbiddenHost(headers: IncomingHttpHeaders, allowed: ReadonlySet<string>): string | undefined {
  const host = headers.host;
  if (host !== undefined && !allowed.has(stripPort(host))) return `Host "${host.slice(0, 100)}"`;
  return undefined;
}
