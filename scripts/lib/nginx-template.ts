import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { resolveRuleHeaders } from '../../src/contracts/published/build-host-files.ts';
import { planStaticHeaders, type HeaderRule, type StaticHeaderPlan } from '../../src/contracts/published/plan-static-headers.ts';
import { formatLinkHeader, listSiteLinks, selectFileLinks } from '../../src/contracts/published/build-page-links.ts';
import { ROUTE_LIST } from '../../src/contracts/routes/route-table.ts';
import { TAIL_FOLDERS } from '../../src/http/tail/tail-paths.ts';
import { CACHE_HEADERS } from '../../src/core/cdn/cache-policy.ts';
import { MARKDOWN_TYPE } from '../../src/core/markdown/markdown-response.ts';
import { PAGE_ISOLATION_HEADERS } from '../../src/core/page-security.ts';
import { addHeaders, block, CHECKS, PAGE_CHECKS, renderServerBlock, typeAs, UNAVAILABLE_RETRY_SECONDS, type Pair } from './nginx-server-block.ts';

/** Stand-ins for the addresses the template leaves to envsubst (a build's SITE_URL, MEDIA_URL, STUDIO_URL). */
export const STAND_INS = { site: 'https://site.invalid', media: 'https://media.invalid', studio: 'https://studio.invalid' } as const;
/** What envsubst fills in (docs/deploying.md): where the files are, where to listen, the function, the build's addresses. */
export const NGINX_VARIABLES = ['CATALOG_ROOT', 'CATALOG_LISTEN', 'CATALOG_FUNCTION', 'CATALOG_SITE_URL', 'CATALOG_MEDIA_URL', 'CATALOG_STUDIO_URL'] as const;
const FILLED: Record<string, string> = { [STAND_INS.site]: '${CATALOG_SITE_URL}', [STAND_INS.media]: '${CATALOG_MEDIA_URL}', [STAND_INS.studio]: '${CATALOG_STUDIO_URL}' };
const PROXY = ['proxy_pass ${CATALOG_FUNCTION};'];

/** Where a missing file goes: in a tail folder, to the function (a template not prerendered); elsewhere, the 404 page. */
const missing = (folder: string) => ((TAIL_FOLDERS as readonly string[]).includes(folder) ? '@catalog_function' : '=404');

const isOnDemand = (file: string) => readFileSync(file, 'utf8').includes('prerender = false');

/** The pages Astro renders per request (`prerender = false`): the function answers them. */
function listOnDemandPages(pagesDir: string): string[] {
  return readdirSync(pagesDir).filter((f) => /\.(astro|ts)$/.test(f) && isOnDemand(join(pagesDir, f))).map((f) => `/${f.replace(/\.(astro|ts)$/, '')}`).sort();
}

/** The top level of any build, from the definitions: the route table's files and src/pages. */
export function describeRoot(pagesDir: string): { files: string[]; folders: string[] } {
  const files = new Set<string>();
  const folders = new Set(['api', '.well-known']);
  for (const r of ROUTE_LIST) if (r.handler === 'files' && r.group !== 'page') (r.pattern.endsWith('/*') ? folders.add(r.pattern.slice(1, -2)) : files.add(r.pattern.slice(1)));
  for (const e of readdirSync(pagesDir, { withFileTypes: true })) {
    if (e.isDirectory()) folders.add(e.name);
    else if (!isOnDemand(join(pagesDir, e.name))) files.add(e.name.replace(/\.astro$/, '.html').replace(/\.ts$/, ''));
  }
  return { files: [...files].sort(), folders: [...folders].sort() };
}

/** The rule headers of a path, names as the origin writes them. */
const headersAt = (plan: StaticHeaderPlan, path: string): Pair[] => [...resolveRuleHeaders(plan, path)].map(([n, v]) => [n.replace(/(^|-)\w/g, (c) => c.toUpperCase()), v] as const);
const pairs = (flat: readonly string[]): Pair[] => Array.from({ length: flat.length / 2 }, (_, i) => [flat[2 * i]!, flat[2 * i + 1]!] as const);

/** Published files and their routes: one location per rule, typed where the name does not tell. */
function listFileLocations(plan: StaticHeaderPlan, rules: readonly HeaderRule[]): string[] {
  return rules.flatMap(({ pattern }) => {
    const [head, sample, found] = pattern.includes(':')
      ? [`location ~ ^${pattern.replace(/:\w+/g, '[^/]+')}$`, pattern.replace(/:\w+/g, 'x'), 'try_files $uri @catalog_function;'] // an unknown id: the function's JSON 404
      : pattern.endsWith('/*')
        ? [`location ^~ ${pattern.slice(0, -1)}`, `${pattern.slice(0, -1)}x`, `try_files $uri ${missing(pattern.slice(0, -1))};`]
        : [`location = ${pattern}`, pattern, 'try_files $uri =404;'];
    return block(head, [...CHECKS, ...typeAs(resolveRuleHeaders(plan, sample).get('content-type')), ...addHeaders(headersAt(plan, sample)), found]);
  });
}

/** Pages: the top-level ones by their rules; a folder with each address's twin as `alternate`, from the path. */
function listPageLocations(plan: StaticHeaderPlan): string[] {
  const site = formatLinkHeader(listSiteLinks(STAND_INS.site));
  const folders = plan.rules.filter((r) => r.source === 'pages');
  const base = headersAt(plan, `${folders[0]!.pattern.slice(0, -1)}x`).filter(([n]) => n !== 'Link');
  const linking = (link: string) => addHeaders([...base, ['Link', link]]);
  const top = plan.rules.filter((r) => r.source === 'page').flatMap(({ pattern }) => {
    const file = pattern === '/' ? '/index.html' : pattern;
    return block(`location = ${pattern}`, [...PAGE_CHECKS, ...addHeaders(headersAt(plan, pattern)), `try_files ${file} ${file}.html =404;`]);
  });
  const inFolders = folders.flatMap(({ pattern }) => {
    const folder = pattern.slice(0, -1);
    const tail = missing(folder) === '=404' ? [] : [`try_files $uri ${missing(folder)};`];
    return block(`location ^~ ${folder}`, [
      ...PAGE_CHECKS,
      ...block('location ~ ^(?<catalog_page>.+)\\.md$', [...PAGE_CHECKS, ...linking(`${site}, <${STAND_INS.site}$catalog_page>; rel="alternate"; type="text/html"`), ...tail], ''),
      ...block('location ~ \\.html$', [...PAGE_CHECKS, ...linking(site), ...tail], ''),
      'set $catalog_twin $uri.md; # before try_files makes $uri the file',
      ...linking(`${site}, <${STAND_INS.site}$catalog_twin>; rel="alternate"; type="${MARKDOWN_TYPE.split(';')[0]}"`),
      `try_files $uri $uri.html ${missing(folder)};`,
    ]);
  });
  // Anything else at the top: a page of the catch-all route (sitemap.md), or the 404 page.
  return [...top, ...inFolders, ...block('location /', [...PAGE_CHECKS, ...linking(site), 'try_files $uri $uri.html =404;'])];
}

/** The function's routes: the on-demand pages and every route the table gives no file. */
function listProxyLocations(pagesDir: string): string[] {
  const paths = new Set(ROUTE_LIST.filter((r) => !['files', 'get-one', 'redirect'].includes(r.handler)).map((r) => (r.pattern.endsWith('/*') ? r.pattern.slice(0, -1) : r.pattern)));
  const outermost = [...paths].filter((p) => ![...paths].some((q) => q !== p && q.endsWith('/') && p.startsWith(q))).sort();
  return [...listOnDemandPages(pagesDir).map((p) => `location = ${p}`), ...outermost.map((p) => (p.endsWith('/') ? `location ${p}` : `location = ${p}`))].flatMap((head) => block(head, PROXY));
}

/** A page of the build and its twin as an internal location of the error pages: not stored, with the page's headers (and `extra`). */
function listErrorPageLocations(plan: StaticHeaderPlan, page: string, extra: Pair[] = []): string[] {
  const csp = resolveRuleHeaders(plan, '/').get('content-security-policy')!;
  return [`${page}.html`, `${page}.md`].flatMap((file) => {
    const link = selectFileLinks(STAND_INS.site, file.endsWith('.html') ? page : file, file.endsWith('.md') ? MARKDOWN_TYPE : 'text/html', () => true)!;
    const headers: Pair[] = [...plan.common, ...pairs(CACHE_HEADERS.none), ...extra, ['Content-Security-Policy', csp], ...pairs(PAGE_ISOLATION_HEADERS), ['Link', link]];
    return block(`location = /__catalog${file}`, ['internal;', `alias \${CATALOG_ROOT}${file};`, ...addHeaders(headers, true)]);
  });
}

/**
 * While the function is down (nginx's own 502/503/504 for a proxied route): 503 with Retry-After,
 * never stored; the unavailable page (its twin for a `.md` address), the API's JSON error under /api.
 */
function listUnavailableLocations(plan: StaticHeaderPlan): string[] {
  const retry: Pair[] = [['Retry-After', String(UNAVAILABLE_RETRY_SECONDS)]];
  const body = JSON.stringify({ error: 'unavailable', message: `The search, the lists and MCP are unavailable for a moment: try again in ${UNAVAILABLE_RETRY_SECONDS} seconds.`, retryAfter: UNAVAILABLE_RETRY_SECONDS });
  const json = block('location = /__catalog/unavailable.json', ['internal;', ...typeAs('application/json'), ...addHeaders([...plan.common, ...pairs(CACHE_HEADERS.none), ...retry], true), `return 503 '${body}';`]);
  return [...listErrorPageLocations(plan, '/unavailable', retry), ...json];
}

/** deploy/nginx/catalog.conf.template: the static half from the files on disk with the origin's headers, the rest proxied. */
export function buildNginxTemplate(projectRoot: string): string {
  const pagesDir = join(projectRoot, 'src/pages');
  const plan = planStaticHeaders({ ...STAND_INS, hstsMaxAge: 0, root: describeRoot(pagesDir) });
  const files = plan.rules.filter((r) => !r.pattern.startsWith('/*.') && r.source !== 'page' && r.source !== 'pages'); // extensions are typed by `types`
  const redirects = plan.redirects.flatMap(([from, to]) => block(`location = ${from}`, [...CHECKS, ...addHeaders(headersAt(plan, from)), `return 301 ${to};`]));
  const text = renderServerBlock([...listFileLocations(plan, files), ...redirects, ...listPageLocations(plan), ...listProxyLocations(pagesDir), ...listErrorPageLocations(plan, '/404'), ...listUnavailableLocations(plan)]);
  return Object.entries(FILLED).reduce((t, [from, to]) => t.replaceAll(from, to), text);
}
