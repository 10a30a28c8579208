import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Config } from '../../schemas/config.ts';
import {
  CROSS_ORIGIN_OPENER_POLICY,
  CROSS_ORIGIN_RESOURCE_POLICY,
  REFERRER_POLICY,
  STRICT_TRANSPORT_SECURITY,
} from '../../core/header-names.ts';
import { createForwardedProtoReader } from './client-ip.ts';

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const INLINE_STYLE = /<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi;
const STYLE_ATTR = /\sstyle\s*=\s*(?:"([^"]*)"|'([^']*)')/gi;
const HAS_SRC = /\ssrc\s*=/i;

/** Headers every page and published file carries (Referrer-Policy comes with every answer: createAnswerHeaders). */
export const COMMON_SECURITY_HEADERS: readonly string[] = ['X-Content-Type-Options', 'nosniff'];

/**
 * What an HTML page adds: no framing (with X-Frame-Options for old browsers), a browsing
 * context group of its own (COOP), and no embedding by other sites' no-cors requests (CORP).
 */
export const PAGE_ISOLATION_HEADERS: readonly string[] = [
  'X-Frame-Options', 'DENY',
  CROSS_ORIGIN_OPENER_POLICY, 'same-origin',
  CROSS_ORIGIN_RESOURCE_POLICY, 'same-origin',
];

/**
 * The headers every answer carries, whatever writes it: Referrer-Policy, and HSTS when the
 * request reached a trusted proxy over HTTPS (a plain-HTTP site, or an untrusted
 * X-Forwarded-Proto, gets none). The request entry hands them on with the request id.
 */
export function createAnswerHeaders(config: Pick<Config, 'TRUST_PROXY' | 'HSTS_MAX_AGE'>): (req: IncomingMessage) => readonly string[] {
  const plain: readonly string[] = [REFERRER_POLICY, 'strict-origin-when-cross-origin'];
  if (config.TRUST_PROXY === 0 || config.HSTS_MAX_AGE === 0) return () => plain;
  const secure: readonly string[] = [...plain, STRICT_TRANSPORT_SECURITY, `max-age=${config.HSTS_MAX_AGE}`];
  const readProto = createForwardedProtoReader(config.TRUST_PROXY);
  return (req) => (readProto(req) === 'https' ? secure : plain);
}

const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

function decodeAttribute(value: string): string {
  return value.replace(/&(quot|#39|#x27|amp|lt|gt);/g, (_, e: string) => ({ quot: '"', '#39': "'", '#x27': "'", amp: '&', lt: '<', gt: '>' })[e]!);
}

/** The `'sha256-…'` sources of a page's inline scripts, `<style>` blocks and style attributes. */
export function collectInlineHashes(html: string): { scripts: string[]; styles: string[]; styleAttrs: string[] } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const styleAttrs = new Set<string>();
  for (const [, attrs, body] of html.matchAll(INLINE_SCRIPT)) if (!HAS_SRC.test(attrs!)) scripts.add(hash(body!));
  for (const [, body] of html.matchAll(INLINE_STYLE)) styles.add(hash(body!));
  for (const [, dq, sq] of html.matchAll(STYLE_ATTR)) styleAttrs.add(hash(decodeAttribute(dq ?? sq ?? '')));
  return { scripts: [...scripts], styles: [...styles], styleAttrs: [...styleAttrs] };
}

const originOf = (url: string) => new URL(url).origin;

/**
 * Builds Content-Security-Policy headers. Prerendered pages get their exact inline hashes
 * (computed once from the bytes, when the page enters the memory cache), so no
 * 'unsafe-inline' is needed; media come from MEDIA_URL, absolute links name SITE_URL, and
 * forms may open the studio. `frame-ancestors 'none'` (with X-Frame-Options for old
 * browsers) forbids framing.
 */
export function createCspBuilder(config: Config): (html: string | undefined) => string {
  const site = originOf(config.SITE_URL);
  const media = originOf(config.MEDIA_URL);
  const studio = originOf(config.STUDIO_URL);
  return (html) => {
    const found = html === undefined ? { scripts: [], styles: [], styleAttrs: [] } : collectInlineHashes(html);
    const styleAttr = found.styleAttrs.length ? ["'unsafe-hashes'", ...found.styleAttrs] : [];
    return [
      "default-src 'self'",
      ['script-src', "'self'", site, ...found.scripts].join(' '),
      ['style-src', "'self'", site, ...found.styles, ...styleAttr].join(' '),
      `img-src 'self' data: ${site} ${media}`,
      `media-src 'self' ${site} ${media}`,
      `connect-src 'self' ${site}`,
      "font-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      `form-action 'self' ${studio}`,
      "frame-ancestors 'none'",
    ].join('; ');
  };
}

/** Headers of an HTML page: the common ones, its CSP and the isolation headers. */
export function buildPageSecurityHeaders(csp: string): string[] {
  return [...COMMON_SECURITY_HEADERS, 'Content-Security-Policy', csp, ...PAGE_ISOLATION_HEADERS];
}
