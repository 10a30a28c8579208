import { localhostAllowedHostnames, validateHostHeader } from '@modelcontextprotocol/server';
import type { Config } from '../../schemas/config.ts';
import { quoteInput } from '../../core/quote-input.ts';

const allowedByConfig = new WeakMap<Config, string[]>();

/** A host name as the SDK compares it (`Example.COM:8080` → `example.com`, IDN → punycode). */
const toHostname = (host: string) => new URL(`http://${host}`).hostname;

/** SITE_URL's host, the loopback names and ALLOWED_HOSTS; made once per config. */
export function listAllowedHosts(config: Config): string[] {
  let hosts = allowedByConfig.get(config);
  if (!hosts) {
    hosts = [...new Set([new URL(config.SITE_URL).hostname, ...localhostAllowedHostnames(), ...config.ALLOWED_HOSTS.map(toHostname)])];
    allowedByConfig.set(config, hosts);
  }
  return hosts;
}

/**
 * DNS-rebinding protection with the SDK's own Host check: the Host header described for the
 * error message when it names a host this server does not answer for (or is missing or
 * unreadable); undefined when it is fine. Origin is not checked: the server is public and
 * read-only, so any page may call it, and a rebound name still arrives in Host.
 */
export function findForbiddenHost(host: string | null | undefined, allowed: string[]): string | undefined {
  const checked = validateHostHeader(host ?? undefined, allowed);
  return checked.ok ? undefined : `Host ${quoteInput(host ?? '')}`;
}
