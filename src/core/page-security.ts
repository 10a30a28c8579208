import { CROSS_ORIGIN_OPENER_POLICY, CROSS_ORIGIN_RESOURCE_POLICY, REFERRER_POLICY } from './header-names.ts';

/**
 * The security headers of the service's answers, as values: the origin sends them, and the host
 * files and the nginx template carry the same ones (a fact in one place). Every value depends on
 * the build's addresses only, never on a page's bytes, so one rule per kind of page can carry it.
 */

/** What every answer carries, whatever writes it. */
export const REFERRER_POLICY_HEADERS: readonly string[] = [REFERRER_POLICY, 'strict-origin-when-cross-origin'];

/** Headers every page and published file carries (Referrer-Policy comes with every answer). */
export const COMMON_SECURITY_HEADERS: readonly string[] = ['X-Content-Type-Options', 'nosniff'];

/**
 * What a page adds: no framing (with X-Frame-Options for old browsers), a browsing context group
 * of its own (COOP), and no embedding by other sites' no-cors requests (CORP).
 */
export const PAGE_ISOLATION_HEADERS: readonly string[] = [
  'X-Frame-Options', 'DENY',
  CROSS_ORIGIN_OPENER_POLICY, 'same-origin',
  CROSS_ORIGIN_RESOURCE_POLICY, 'same-origin',
];

/** The addresses a page may load from or send to. */
export interface PageOrigins {
  /** The site (SITE_URL): absolute links in pages name it. */
  site: string;
  /** Where media (videos, posters at full size) live (MEDIA_URL). */
  media: string;
  /** Where forms may open the studio (STUDIO_URL). */
  studio: string;
}

const originOf = (url: string) => new URL(url).origin;

/**
 * The Content-Security-Policy of every page. Pages carry no executable inline script or style
 * (the build writes scripts and styles as files, astro.config.mjs), so no hash and no
 * 'unsafe-inline' is needed: any inline script or style is refused. JSON-LD blocks
 * (`<script type="application/ld+json">`) are data blocks, which HTML never executes, so CSP
 * does not apply to them. Media come from MEDIA_URL, absolute links name SITE_URL, forms may
 * open the studio, and `frame-ancestors 'none'` forbids framing.
 */
export function buildContentSecurityPolicy(origins: PageOrigins): string {
  const site = originOf(origins.site);
  const media = originOf(origins.media);
  const studio = originOf(origins.studio);
  return [
    "default-src 'self'",
    `script-src 'self' ${site}`,
    `style-src 'self' ${site}`,
    `img-src 'self' data: ${site} ${media}`,
    `media-src 'self' ${site} ${media}`,
    `connect-src 'self' ${site}`,
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self' ${studio}`,
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Headers of a page (HTML or its Markdown twin): the common ones, the CSP and the isolation headers. */
export function buildPageSecurityHeaders(csp: string): string[] {
  return [...COMMON_SECURITY_HEADERS, 'Content-Security-Policy', csp, ...PAGE_ISOLATION_HEADERS];
}
