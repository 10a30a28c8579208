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

function originHost(origin: string): string | undefined {
  if (origin === 'null') return undefined; // opaque origins name no host; the Host check still applies
  try {
    return new URL(origin).hostname.toLowerCase() || origin;
  } catch {
    return origin;
  }
}

/**
 * DNS-rebinding protection: the first Host or Origin header naming a host this server does
 * not answer for, described for the error message; undefined when both are fine or absent.
 */
export function findForbiddenHost(headers: IncomingHttpHeaders, allowed: ReadonlySet<string>): string | undefined {
  const host = headers.host;
  if (host !== undefined && !allowed.has(stripPort(host))) return `Host "${host.slice(0, 100)}"`;
  const origin = headers.origin;
  if (origin !== undefined) {
    const name = originHost(origin);
    if (name !== undefined && !allowed.has(stripPort(name))) return `Origin "${origin.slice(0, 100)}"`;
  }
  return undefined;
}
