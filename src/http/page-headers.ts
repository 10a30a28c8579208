import { CROSS_ORIGIN_OPENER_POLICY, CROSS_ORIGIN_RESOURCE_POLICY, REFERRER_POLICY } from '../core/header-names.ts';

/** Headers every answer carries, whatever writes it (HSTS is added behind HTTPS). */
export const EVERY_ANSWER_HEADERS: readonly string[] = [REFERRER_POLICY, 'strict-origin-when-cross-origin'];

/** Headers every page and published file carries. */
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
