import type { APIRoute } from 'astro';
import { getConfig } from '../../config/config.ts';
import { buildSecurityTxt } from '../../contracts/published/build-security-txt.ts';
import { getBuildTime } from '../../contracts/published/build-time.ts';

export const prerender = true;

/** RFC 9116 contact file; Contact comes from SECURITY_CONTACT. */
export const GET: APIRoute = () => {
  const config = getConfig();
  const body = buildSecurityTxt({ siteUrl: config.SITE_URL, contact: config.SECURITY_CONTACT, builtAt: getBuildTime() });
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
