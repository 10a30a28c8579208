import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { mimes } from 'mrmime';
import { resolveRuleHeaders } from '../../src/contracts/published/build-host-files.ts';
import { planStaticHeaders, type StaticHeaderPlan } from '../../src/contracts/published/plan-static-headers.ts';
import { formatLinkHeader, listSiteLinks, selectFileLinks } from '../../src/contracts/published/build-page-links.ts';
import { ROUTE_LIST } from '../../src/contracts/routes/route-table.ts';
import { CACHE_HEADERS } from '../../src/core/cdn/cache-policy.ts';
import { MARKDOWN_TYPE } from '../../src/core/markdown/markdown-response.ts';
import { PAGE_ISOLATION_HEADERS } from '../../src/core/page-security.ts';

/** Stand-ins for the addresses the template leaves to envsubst (a build's SITE_URL, MEDIA_URL, STUDIO_URL). */
const STAND_INS = { site: 'https://site.invalid', media: 'https://media.invalid', studio: 'https://studio.invalid' } as const;
/** What envsubst fills in (docs/deploying.md): where the files are, where to listen, the function, the build's addresses. */
export const NGINX_VARIABLES = ['CATALOG_ROOT', 'CATALOG_LISTEN', 'CATALOG_FUNCTION', 'CATALOG_SITE_URL', 'CATALOG_MEDIA_URL', 'CATALOG_STUDIO_URL'] as const;
const VARIABLES: Record<string, string> = { [STAND_INS.site]: '${CATALOG_SITE_URL}', [STAND_INS.media]: '${CATALOG_MEDIA_URL}', [STAND_INS.studio]: '${CATALOG_STUDIO_URL}' };

/** The pages Astro renders per request (`prerender = false`): the function answers them. */
function listOnDemandPages(pagesDir: string): string[] {
  return readdirSync(pagesDir)
    .filter((f) => /\.(astro|ts)$/.test(f) && readFileSync(join(pagesDir, f), 'utf8').includes('prerender = false'))
    .map((f) => `/${f.replace(/\.(astro|ts)$/, '')}`)
    .sort();
}

/** The top level of any build, from the definitions: the route table's files and src/pages. */
function describeRoot(pagesDir: string): { files: string[]; folders: string[] } {
  const files = new Set<string>();
  const folders = new Set(['api', '.well-known']);
  for (const r of ROUTE_LIST) if (r.handler === 'files' && r.group !== 'page') (r.pattern.endsWith('/*') ? folders.add(r.pattern.slice(1, -2)) : files.add(r.pattern.slice(1)));
  for (const e of readdirSync(pagesDir, { withFileTypes: true })) {
    if (e.isDirectory()) folders.add(e.name);
    else if (!readFileSync(join(pagesDir, e.name), 'utf8').includes('prerender = false')) files.add(e.name.replace(/\.astro$/, '.html').replace(/\.ts$/, ''));
  }
  for (const on of listOnDemandPages(pagesDir)) files.delete(on.slice(1));
  return { files: [...files].sort(), folders: [...folders].sort() };
}

const quote = (value: string) => `"${value.replace(/[\\"]/g, '\\$&')}"`;

/** `add_header` lines for every header of `pairs` but Content-Type (nginx types the file itself). */
function addHeaders(pairs: Iterable<readonly [string, string]>, indent: string, always = false): string[] {
  return [...pairs].filter(([n]) => n.toLowerCase() !== 'content-type').map(([n, v]) => `${indent}add_header ${n} ${quote(v)}${always ? ' always' : ''};`);
}

const headersAt = (plan: StaticHeaderPlan, path: string) => [...resolveRuleHeaders(plan, path)].map(([n, v]) => [n.replace(/(^|-)\w/g, (c) => c.toUpperCase()), v] as const);

/** Requests a file cannot answer (OPTIONS, other methods; Markdown asked by Accept on a page) go to the function. */
const CHECKS = ['if ($request_method !~ ^(GET|HEAD)$) { return 418; }'];
const PAGE_CHECKS = [...CHECKS, 'if ($catalog_markdown) { return 418; }'];

function block(head: string, lines: readonly string[], indent = '    '): string[] {
  return [`${indent}${head} {`, ...lines.map((l) => `${indent}    ${l}`), `${indent}}`];
}

/** The server block: the static half from the files on disk with the origin's headers, the rest proxied. */
export function buildNginxTemplate(projectRoot: string): string {
  const pagesDir = join(projectRoot, 'src/pages');
  const plan = planStaticHeaders({ ...STAND_INS, hstsMaxAge: 0, root: describeRoot(pagesDir) });
  const out: string[] = [];
  const typed = (path: string) => resolveRuleHeaders(plan, path).get('content-type');
  const fileLocation = (head: string, path: string, extra: string[] = []) => {
    const type = typed(path);
    out.push(...block(head, [...CHECKS, ...(type ? ['types { }', `default_type ${quote(type)};`] : []), ...addHeaders(headersAt(plan, path), ''), ...extra]));
  };
  for (const rule of plan.rules) {
    const { pattern } = rule;
    if (pattern === '/*.md' || rule.source === 'page' || rule.source === 'pages') continue;
    if (pattern.includes(':')) fileLocation(`location ~ ^${pattern.replace(/:\w+/g, '[^/]+')}$`, pattern.replace(/:\w+/g, 'x'), ['try_files $uri @catalog_function;']);
    else if (pattern.endsWith('/*')) fileLocation(`location ^~ ${pattern.slice(0, -1)}`, `${pattern.slice(0, -1)}x`, ['try_files $uri =404;']);
    else fileLocation(`location = ${pattern}`, pattern, ['try_files $uri =404;']);
  }
  for (const [from, to] of plan.redirects) out.push(...block(`location = ${from}`, [...CHECKS, ...addHeaders(headersAt(plan, from), ''), `return 301 ${to};`]));
  // Pages at the top level, one by one; folders of pages with their twins' links by the path.
  for (const rule of plan.rules.filter((r) => r.source === 'page')) {
    const file = rule.pattern === '/' ? '/index.html' : rule.pattern;
    out.push(...block(`location = ${rule.pattern}`, [...PAGE_CHECKS, ...addHeaders(headersAt(plan, rule.pattern), ''), `try_files ${file} ${file}.html =404;`]));
  }
  const site = formatLinkHeader(listSiteLinks(STAND_INS.site));
  const md = MARKDOWN_TYPE.split(';')[0]!;
  for (const rule of plan.rules.filter((r) => r.source === 'pages')) {
    const base = headersAt(plan, `${rule.pattern.slice(0, -1)}x`).filter(([n]) => n !== 'Link');
    const withLink = (link: string) => addHeaders([...base, ['Link', link]], '');
    out.push(...block(`location ^~ ${rule.pattern.slice(0, -1)}`, [
      ...PAGE_CHECKS,
      ...block('location ~ ^(?<catalog_page>.+)\\.md$', [...PAGE_CHECKS, ...withLink(`${site}, <${STAND_INS.site}$catalog_page>; rel="alternate"; type="text/html"`)], ''),
      ...block('location ~ \\.html$', [...PAGE_CHECKS, ...withLink(site)], ''),
      'set $catalog_twin $uri.md; # before try_files makes $uri the file',
      ...withLink(`${site}, <${STAND_INS.site}$catalog_twin>; rel="alternate"; type="${md}"`),
      'try_files $uri $uri.html =404;',
    ]));
  }
  for (const page of listOnDemandPages(pagesDir)) out.push(...block(`location = ${page}`, ['proxy_pass ${CATALOG_FUNCTION};']));
  const proxied = new Set(ROUTE_LIST.filter((r) => !['files', 'get-one', 'redirect'].includes(r.handler)).map((r) => (r.pattern.endsWith('/*') ? r.pattern.slice(0, -1) : r.pattern)));
  for (const path of [...proxied].filter((p) => ![...proxied].some((q) => q !== p && q.endsWith('/') && p.startsWith(q))).sort()) {
    out.push(...block(path.endsWith('/') ? `location ${path}` : `location = ${path}`, ['proxy_pass ${CATALOG_FUNCTION};']));
  }
  // Anything else: a page of the catch-all route (sitemap.md), or the 404 page.
  const pageBase = headersAt(plan, `${plan.rules.find((r) => r.source === 'pages')!.pattern.slice(0, -1)}x`).filter(([n]) => n !== 'Link');
  out.push(...block('location /', [...PAGE_CHECKS, ...addHeaders([...pageBase, ['Link', site]], ''), 'try_files $uri $uri.html =404;']));
  const csp = resolveRuleHeaders(plan, '/').get('content-security-policy')!;
  for (const notFound of ['/404.html', '/404.md']) {
    const type = notFound.endsWith('.md') ? MARKDOWN_TYPE : 'text/html';
    const link = selectFileLinks(STAND_INS.site, notFound === '/404.html' ? '/404' : notFound, type, () => true)!;
    const headers = [...plan.common, ...pairs(CACHE_HEADERS.none), ['Content-Security-Policy', csp] as const, ...pairs(PAGE_ISOLATION_HEADERS), ['Link', link] as const];
    out.push(...block(`location = /__catalog${notFound}`, ['internal;', `alias \${CATALOG_ROOT}${notFound};`, ...addHeaders(headers, '', true)]));
  }
  const text = render(out);
  return Object.entries(VARIABLES).reduce((t, [from, to]) => t.replaceAll(from, to), text);
}

const pairs = (flat: readonly string[]) => Array.from({ length: flat.length / 2 }, (_, i) => [flat[2 * i]!, flat[2 * i + 1]!] as const);

/** mrmime's table (the origin's media types, through sirv) as an nginx `types` block. */
function renderTypes(): string[] {
  const byType = new Map<string, string[]>();
  for (const [ext, type] of Object.entries(mimes)) byType.set(type, [...(byType.get(type) ?? []), ext]);
  return [...byType].sort(([a], [b]) => a.localeCompare(b)).map(([type, exts]) => `        ${type} ${exts.sort().join(' ')};`);
}

function render(locations: string[]): string {
  const textTypes = [...new Set(Object.values(mimes).filter((t) => t.startsWith('text/') && t !== 'text/html'))].sort(); // text/html is nginx's own
  return [
    '# Generated by `npm run nginx-template` from the tables that drive the origin (scripts/lib/nginx-template.ts): do not edit.',
    '# Include inside the http {} block of a stock nginx; fill with envsubst (docs/deploying.md).',
    'map $http_accept $catalog_markdown { default 0; "~*text/markdown" 1; }',
    'map $uri $catalog_not_found { default /__catalog/404.html; "~\\.md$" /__catalog/404.md; }',
    '',
    'server {',
    '    listen ${CATALOG_LISTEN};',
    '    root ${CATALOG_ROOT};',
    '    server_tokens off;',
    '    absolute_redirect off; # Location as the origin writes it: the path',
    '    # The origin\'s media types (mrmime, through sirv), text with its charset.',
    '    types {',
    ...renderTypes(),
    '    }',
    '    default_type application/octet-stream;',
    '    charset utf-8;',
    `    charset_types ${textTypes.join(' ')};`,
    '    # The precompressed siblings on disk, chosen by Accept-Encoding (Vary comes with the cache headers).',
    '    gzip_static on;',
    '    # With Debian\'s libnginx-mod-http-brotli-static loaded: brotli_static on;',
    '    error_page 404 $catalog_not_found;',
    '    error_page 418 = @catalog_function;',
    '    # Siblings, host files and hidden files are never addresses.',
    '    if ($uri ~ "\\.(br|gz)$") { return 404; }',
    '    if ($uri ~ "(^|/)\\.(?!well-known(/|$))") { return 404; }',
    '    location = /_headers { return 404; }',
    '    location = /_redirects { return 404; }',
    '    location @catalog_function {',
    '        proxy_pass ${CATALOG_FUNCTION};',
    '    }',
    ...locations,
    '    proxy_http_version 1.1;',
    '    proxy_set_header Host $http_host;',
    '    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
    '    proxy_set_header X-Forwarded-Proto $scheme;',
    '}',
    '',
  ].join('\n');
}
