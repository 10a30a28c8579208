import { describe, expect, it } from 'vitest';
import { checkHostRules, compileRulePattern, formatHeadersFile, formatRedirectsFile, HOST_RULE_LIMITS, resolveRuleHeaders } from '../../src/contracts/published/build-host-files.ts';
import { planStaticHeaders, type StaticSiteInput } from '../../src/contracts/published/plan-static-headers.ts';
import { API_CATALOG_MEDIA_TYPE, PUBLISHED_MEDIA_TYPES, PUBLISHED_REDIRECTS } from '../../src/contracts/discovery/discovery-paths.ts';
import { CACHE_HEADERS, cacheControlOf } from '../../src/core/cdn/cache-policy.ts';
import { buildContentSecurityPolicy } from '../../src/core/page-security.ts';
import { CORS_HEADERS } from '../../src/core/cors-headers.ts';

const SITE: StaticSiteInput = {
  site: 'https://catalog.example',
  media: 'https://media.example',
  studio: 'https://studio.example',
  hstsMaxAge: 31_536_000,
  root: {
    files: ['index.html', 'index.md', 'docs.html', 'docs.md', 'requests.html', 'requests.md', '404.html', '404.md', 'sitemap.md', 'openapi.json', 'llms.txt', 'llms-full.txt', 'robots.txt', 'sitemap.xml', 'favicon.svg'],
    folders: ['_astro', 'api', 'templates', 'categories', 'posters', 'mcp', 'data', '.well-known', 'sitemaps'],
  },
};

/** The addresses of a 10,000-template build, as the origin serves them. */
function listAddresses(templates: number): string[] {
  const paths = ['/', '/index.md', '/index.html', '/docs', '/docs.md', '/docs.html', '/404', '/openapi.json', '/llms.txt', '/sitemap.md', '/favicon.svg', '/sitemaps/0.xml'];
  paths.push('/_astro/BaseLayout.x1.css', '/data/catalog.json', '/data/catalog/0.json', '/mcp/server.svg', ...Object.keys(PUBLISHED_MEDIA_TYPES), ...Object.keys(PUBLISHED_REDIRECTS));
  paths.push('/.well-known/security.txt', '/.well-known/agent-skills/template-catalog/SKILL.md', '/categories/event', '/categories/event.md');
  for (let i = 0; i < templates; i++) {
    paths.push(`/templates/t-${i}`, `/templates/t-${i}.md`, `/templates/t-${i}.html`, `/api/v1/templates/tpl-${i}`, `/api/v1/templates/t-${i}`, `/posters/t-${i}.svg`);
  }
  return paths;
}

const plan = planStaticHeaders(SITE);
const headersOf = (path: string) => Object.fromEntries(resolveRuleHeaders(plan, path));

describe('planStaticHeaders', () => {
  it("fits Cloudflare's limits at 10,000 templates, each header from one rule on every address", () => {
    expect(plan.rules.length + 1).toBeLessThanOrEqual(HOST_RULE_LIMITS.rules);
    expect(checkHostRules(plan, listAddresses(10_000))).toEqual([]);
  });

  it('gives every answer CORS, nosniff and Referrer-Policy, and HSTS on an HTTPS site', () => {
    const all = headersOf('/templates/t-1');
    expect(all['access-control-allow-origin']).toBe(CORS_HEADERS[1]);
    expect(all['access-control-expose-headers']).toBe(CORS_HEADERS[3]);
    expect(all['x-content-type-options']).toBe('nosniff');
    expect(all['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(all['strict-transport-security']).toBe('max-age=31536000');
    expect(headersOf('/x')['strict-transport-security']).toBeDefined();
    const plain = planStaticHeaders({ ...SITE, site: 'http://localhost:4321' });
    expect(resolveRuleHeaders(plain, '/').get('strict-transport-security')).toBeUndefined();
  });

  it.each([
    ['/_astro/BaseLayout.x1.css', 'asset'],
    ['/posters/t-1.svg', 'published'],
    ['/data/catalog.json', 'published'],
    ['/openapi.json', 'published'],
    ['/.well-known/security.txt', 'published'],
    ['/api/v1/templates/tpl-1', 'template-json'],
    ['/templates/t-1', 'page'],
    ['/templates/t-1.md', 'page'],
    ['/docs.html', 'page'],
    ['/', 'page'],
  ] as const)('caches %s as the %s class of the cache policy', (path, cls) => {
    expect(headersOf(path)['cache-control']).toBe(cacheControlOf(cls));
    expect(headersOf(path).vary).toBe(CACHE_HEADERS[cls][3]);
  });

  it('gives pages one CSP and the isolation headers, and files neither', () => {
    for (const page of ['/', '/docs', '/docs.md', '/templates/t-1', '/categories/event.md']) {
      expect(headersOf(page)['content-security-policy'], page).toBe(buildContentSecurityPolicy(SITE));
      expect(headersOf(page)['cross-origin-resource-policy'], page).toBe('same-origin');
    }
    for (const file of ['/posters/t-1.svg', '/openapi.json', '/api/v1/templates/tpl-1', '/_astro/BaseLayout.x1.css']) {
      expect(headersOf(file)['content-security-policy'], file).toBeUndefined();
      expect(headersOf(file)['cross-origin-resource-policy'], file).toBeUndefined();
    }
  });

  it('types what a file name cannot tell: template JSON, Markdown, the published media types', () => {
    expect(headersOf('/api/v1/templates/tpl-1')['content-type']).toBe('application/json');
    expect(headersOf('/templates/t-1.md')['content-type']).toBe('text/markdown; charset=utf-8');
    expect(headersOf('/.well-known/api-catalog')['content-type']).toBe(API_CATALOG_MEDIA_TYPE);
    for (const [path, type] of Object.entries(PUBLISHED_MEDIA_TYPES)) expect(headersOf(path)['content-type']).toBe(type);
  });

  it('links top-level pages to their twins and folder pages to the site links only', () => {
    expect(headersOf('/').link).toContain('<https://catalog.example/index.md>; rel="alternate"; type="text/markdown"');
    expect(headersOf('/docs.md').link).toContain('<https://catalog.example/docs>; rel="alternate"; type="text/html"');
    expect(headersOf('/docs.html').link).not.toContain('alternate');
    expect(headersOf('/templates/t-1').link).toContain('rel="api-catalog"');
    expect(headersOf('/templates/t-1').link).not.toContain('alternate');
    expect(headersOf('/.well-known/api-catalog').link).toBe('<https://catalog.example/.well-known/api-catalog>; rel="api-catalog"');
    expect(headersOf('/openapi.json').link).toBeUndefined();
  });

  it('writes the redirects of the table, and the files in the hosts\' syntax', () => {
    expect(formatRedirectsFile(plan)).toContain('/.well-known/mcp/catalog.json /.well-known/ard.json 301\n');
    const text = formatHeadersFile(plan);
    expect(text.startsWith('#')).toBe(true);
    expect(text).toMatch(/^\/\*\n {2}Referrer-Policy: strict-origin-when-cross-origin$/m);
    expect(text).not.toMatch(/^\s+!/m); // no detach: Netlify does not read it
  });
});

describe('checkHostRules', () => {
  it('reports more than 100 rules', () => {
    const files = Array.from({ length: 60 }, (_, i) => `page-${i}.html`);
    const crowded = planStaticHeaders({ ...SITE, root: { files, folders: [] } });
    expect(checkHostRules(crowded, [])).toEqual(['123 header rules: hosts read at most 100']); // 120 addresses, .md and .xml types, /*
  });

  it('reports a line over 2,000 characters', () => {
    const long = planStaticHeaders({ ...SITE, site: `https://${`${'a'.repeat(60)}.`.repeat(8)}example` });
    expect(checkHostRules(long, []).some((p) => /^a line of \d{4} characters/.test(p))).toBe(true);
  });

  it('reports two rules that set one header on one address, and two splats', () => {
    const clash = { ...plan, rules: [...plan.rules, { pattern: '/templates/*.md', headers: [['Vary', 'Accept-Encoding'] as const], source: 'test' }, { pattern: '/*/*', headers: [], source: 'test' }] };
    expect(checkHostRules(clash, ['/templates/t-1.md', '/templates/t-1'])).toEqual([
      '/*/*: more than one splat',
      '/templates/t-1.md: Vary is set by /templates/* and /templates/*.md (cloudflare)',
      '/templates/t-1.md: Vary is set by /templates/* and /templates/*.md (netlify)',
    ]);
  });
});

describe('compileRulePattern', () => {
  it('reads a splat as anything and a placeholder as one segment, as the hosts do', () => {
    expect(compileRulePattern('/templates/*').test('/templates/a/b.md')).toBe(true);
    expect(compileRulePattern('/*.md').test('/a/b.md')).toBe(true);
    expect(compileRulePattern('/*.md').test('/a/b.mdx')).toBe(false);
    expect(compileRulePattern('/api/v1/templates/:id').test('/api/v1/templates/tpl-1')).toBe(true);
    expect(compileRulePattern('/api/v1/templates/:id').test('/api/v1/templates/a/b')).toBe(false);
    expect(compileRulePattern('/docs').test('/docs.md')).toBe(false);
  });

  it("reads Netlify's way too: a lone splat may match nothing, placeholders are segments, any case", () => {
    expect(compileRulePattern('/templates/*', 'netlify').test('/templates/a/b.md')).toBe(true);
    expect(compileRulePattern('/*.md', 'netlify').test('/a/b.md')).toBe(true);
    expect(compileRulePattern('/api/v1/templates/:id', 'netlify').test('/API/v1/templates/tpl-1/')).toBe(true);
    expect(compileRulePattern('/api/v1/templates/:id', 'netlify').test('/api/v1/templates/a/b')).toBe(false);
    expect(compileRulePattern('/docs', 'netlify').test('/docs.md')).toBe(false);
  });
});
