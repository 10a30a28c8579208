import { CACHE_HEADERS, type CacheClass } from '../../core/cdn/cache-policy.ts';
import { CORS_HEADERS } from '../../core/cors-headers.ts';
import { STRICT_TRANSPORT_SECURITY } from '../../core/header-names.ts';
import { MARKDOWN_TYPE } from '../../core/markdown/markdown-response.ts';
import { buildContentSecurityPolicy, COMMON_SECURITY_HEADERS, PAGE_ISOLATION_HEADERS, REFERRER_POLICY_HEADERS, type PageOrigins } from '../../core/page-security.ts';
import { API_CATALOG_PATH, PUBLISHED_MEDIA_TYPES, PUBLISHED_REDIRECTS } from '../discovery/discovery-paths.ts';
import { ROUTE_LIST } from '../routes/route-table.ts';
import { formatLinkHeader, listSiteLinks, selectFileLinks } from './build-page-links.ts';
import { API_FILE_TYPE, typeOfFile } from './file-types.ts';

/** Extensions whose type the origin names otherwise than some hosts do (Markdown: none at all on nginx). */
const RETYPED_EXTENSIONS = ['md', 'xml'] as const;

/** A header as a name and a value. */
export type HeaderPair = readonly [name: string, value: string];

/**
 * One rule of a static host: the addresses it matches (`/docs` exact, `/templates/*` a splat,
 * `/api/v1/templates/:id` one segment; Cloudflare's and Netlify's syntax) and what it adds.
 */
export interface HeaderRule {
  pattern: string;
  headers: readonly HeaderPair[];
  /** Which table it comes from, for people reading the file. */
  source: string;
}

/** Everything the static half answers with besides the bytes, as rules. */
export interface StaticHeaderPlan {
  /** Headers of every answer of the static half (`/*`). */
  common: readonly HeaderPair[];
  /** The other rules: for any address, no two of them (nor `common`) set the same header. */
  rules: readonly HeaderRule[];
  /** Permanent redirects: old address → new address. */
  redirects: readonly (readonly [from: string, to: string])[];
}

/** What the plan needs from the build. */
export interface StaticSiteInput extends PageOrigins {
  /** Seconds of HSTS when the site is served over HTTPS (0: none). */
  hstsMaxAge: number;
  /** The top level of the client folder: its files (no precompressed siblings) and folders. */
  root: { files: readonly string[]; folders: readonly string[] };
}

const pairs = (flat: readonly string[]): HeaderPair[] => Array.from({ length: flat.length / 2 }, (_, i) => [flat[2 * i]!, flat[2 * i + 1]!] as const);
const cachePairs = (cls: CacheClass) => pairs(CACHE_HEADERS[cls]);

/** The top-level addresses of a page file: `docs.html` → /docs and /docs.html; `index.html` → / and /index.html. */
function listAddresses(file: string): string[] {
  if (file === 'index.html') return ['/', '/index.html'];
  if (file.endsWith('.html')) return [`/${file.slice(0, -'.html'.length)}`, `/${file}`];
  return [`/${file}`];
}

/**
 * The static half's headers as host rules, from the tables that drive the origin: the route
 * table (which addresses are files, their cache class), the cache policy, the published media
 * types, the page links, the redirects and the security headers. Pages at the top level get an
 * exact rule each (their Link names their twin); a folder of pages gets one rule, whose Link
 * carries the site's links only: a rule cannot tell `/templates/x` from `/templates/x.md`.
 */
export function planStaticHeaders(site: StaticSiteInput): StaticHeaderPlan {
  const files = new Set(site.root.files);
  const folders = new Set(site.root.folders);
  const has = (file: string) => files.has(file);
  const exists = (pattern: string) => (pattern.endsWith('/*') ? folders.has(pattern.slice(1, -2)) : has(pattern.slice(1)));
  const csp = buildContentSecurityPolicy(site);
  const pageHeaders = (link: string | undefined): HeaderPair[] => [
    ...cachePairs('page'),
    ['Content-Security-Policy', csp],
    ...pairs(PAGE_ISOLATION_HEADERS),
    ...(link ? [['Link', link] as const] : []),
  ];
  const rules: HeaderRule[] = [];
  const claimedFiles = new Set<string>();
  const claimedFolders = new Set<string>();
  for (const route of ROUTE_LIST) {
    if (route.handler === 'get-one' && folders.has('api')) {
      rules.push({ pattern: route.pattern, headers: [['Content-Type', API_FILE_TYPE], ...cachePairs(route.cache)], source: 'route table: template JSON' });
    }
    // Page routes answer as the catch-all does: their files are planned below with the other pages.
    if (route.handler !== 'files' || route.group === 'page' || !exists(route.pattern)) continue;
    if (route.pattern.endsWith('/*')) claimedFolders.add(route.pattern.slice(1, -2));
    else claimedFiles.add(route.pattern.slice(1));
    rules.push({ pattern: route.pattern, headers: cachePairs(route.cache), source: `route table: ${route.group}` });
  }
  // The catch-all page route: the top-level pages one by one, the folders of pages whole.
  for (const file of [...files].sort()) {
    if (claimedFiles.has(file)) continue;
    const type = file.endsWith('.html') ? 'text/html' : file.endsWith('.md') ? MARKDOWN_TYPE : undefined;
    for (const address of listAddresses(file)) {
      const headers = type ? pageHeaders(selectFileLinks(site.site, address, type, has)) : cachePairs('published');
      rules.push({ pattern: address, headers, source: type ? 'page' : 'route table: published' });
    }
  }
  for (const folder of [...folders].sort()) {
    if (claimedFolders.has(folder) || folder === 'api') continue;
    rules.push({ pattern: `/${folder}/*`, headers: pageHeaders(formatLinkHeader(listSiteLinks(site.site))), source: 'pages' });
  }
  // Types a file name cannot tell, or hosts tell otherwise (Cloudflare's `.xml` is application/xml), and the API catalog's own link.
  for (const ext of RETYPED_EXTENSIONS) rules.push({ pattern: `/*.${ext}`, headers: [['Content-Type', typeOfFile(`x.${ext}`)]], source: 'media types' });
  for (const [path, type] of Object.entries(PUBLISHED_MEDIA_TYPES)) {
    if (!path.startsWith('/.well-known/') || !folders.has('.well-known')) continue;
    const link = path === API_CATALOG_PATH ? selectFileLinks(site.site, path, type, has) : undefined;
    rules.push({ pattern: path, headers: [['Content-Type', type], ...(link ? [['Link', link] as const] : [])], source: 'published media types' });
  }
  const secure = site.site.startsWith('https:') && site.hstsMaxAge > 0;
  const common: HeaderPair[] = [
    ...pairs(REFERRER_POLICY_HEADERS),
    ...(secure ? [[STRICT_TRANSPORT_SECURITY, `max-age=${site.hstsMaxAge}`] as const] : []),
    ...pairs(CORS_HEADERS),
    ...pairs(COMMON_SECURITY_HEADERS),
  ];
  return { common, rules, redirects: Object.entries(PUBLISHED_REDIRECTS) };
}
