/** The security headers' values live in src/core/page-security.ts (the origin, the function and the static hosts' rules send the same). */
export { COMMON_SECURITY_HEADERS, PAGE_ISOLATION_HEADERS, REFERRER_POLICY_HEADERS as EVERY_ANSWER_HEADERS } from '../core/page-security.ts';
