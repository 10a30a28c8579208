import { CACHE_HEADERS } from '../core/cdn/cache-policy.ts';
import { COMMON_SECURITY_HEADERS } from '../core/page-security.ts';
import type { StaticHalf } from './page-types.ts';
import { respond } from './light-response.ts';

/** Why a page address gets a 404 from a function that has no static half, in words. */
const WHY =
  'This address is a page or file of the static half, and this function has none: it answers the API, MCP, /search, /search.md and /studio. ' +
  'Set STATIC_ORIGIN to the static host (nginx over the client folder) to serve pages through it, or serve the client folder in front of the function.';

/** The 404 page in HTML, short and self-contained (no styles or scripts to fetch). */
const html = (site: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Not found here</title></head><body><main><h1>Not found here</h1><p>${WHY}</p><p><a href="${site}/search">Search the catalog</a></p></main></body></html>\n`;

/**
 * The static half of a Node function started without STATIC_ORIGIN: no file at all. The page
 * pipeline asks it for the 404 page of the request's kind, and gets one that explains why
 * (HTML, or Markdown for a Markdown request); /api paths answer their JSON 404 before. Every
 * answer is `no-store`: the same address serves a page once STATIC_ORIGIN is set.
 */
export function createNoStaticHalf(site: string): StaticHalf {
  const half: StaticHalf = async (_request, path, { echo = [] } = {}) => {
    const pairs = [...echo, ...CACHE_HEADERS.none, ...COMMON_SECURITY_HEADERS];
    if (path === '/404.md') return respond(404, [...pairs, 'Content-Type', 'text/markdown; charset=utf-8'], `# Not found here\n\n${WHY}\n`);
    if (path === '/404') return respond(404, [...pairs, 'Content-Type', 'text/html; charset=utf-8'], html(site));
    return respond(404, [...pairs, 'Content-Type', 'text/plain; charset=utf-8'], `Not found here. ${WHY}\n`);
  };
  return Object.assign(half, { exact: true });
}
