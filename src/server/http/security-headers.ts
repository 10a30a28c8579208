import type { IncomingMessage } from 'node:http';
import type { Config } from '../../schemas/config.ts';
import { STRICT_TRANSPORT_SECURITY } from '../../core/header-names.ts';
import { buildContentSecurityPolicy, REFERRER_POLICY_HEADERS } from '../../core/page-security.ts';
import { createForwardedProtoReader } from './client-ip.ts';

/**
 * The headers every answer carries, whatever writes it: Referrer-Policy, and HSTS when the
 * request reached a trusted proxy over HTTPS (a plain-HTTP site, or an untrusted
 * X-Forwarded-Proto, gets none). The request entry hands them on with the request id.
 */
export function createAnswerHeaders(config: Pick<Config, 'TRUST_PROXY' | 'HSTS_MAX_AGE'>): (req: IncomingMessage) => readonly string[] {
  const plain = REFERRER_POLICY_HEADERS;
  if (config.TRUST_PROXY === 0 || config.HSTS_MAX_AGE === 0) return () => plain;
  const secure: readonly string[] = [...plain, STRICT_TRANSPORT_SECURITY, `max-age=${config.HSTS_MAX_AGE}`];
  const readProto = createForwardedProtoReader(config.TRUST_PROXY);
  return (req) => (readProto(req) === 'https' ? secure : plain);
}

/** The Content-Security-Policy of the site's pages, made once from the configured addresses. */
export function createPageCsp(config: Pick<Config, 'SITE_URL' | 'MEDIA_URL' | 'STUDIO_URL'>): string {
  return buildContentSecurityPolicy({ site: config.SITE_URL, media: config.MEDIA_URL, studio: config.STUDIO_URL });
}
