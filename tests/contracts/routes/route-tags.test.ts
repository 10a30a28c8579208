import { describe, expect, it } from 'vitest';
import { selectPathTags } from '../../../src/contracts/routes/route-tags.ts';
import { ROUTE_LIST } from '../../../src/contracts/routes/route-table.ts';

const TEMPLATES: Record<string, string> = { 'tpl-1': 'tpl-1', 'neon-launch': 'tpl-1', 'promo-2': 'tpl-2', 'tpl-2': 'tpl-2' };
const lookup = (ref: string) => TEMPLATES[ref];

describe('selectPathTags', () => {
  it.each([
    ['/templates/neon-launch', ['template:tpl-1']],
    ['/templates/neon-launch.md', ['template:tpl-1']],
    ['/api/v1/templates/tpl-1', ['template:tpl-1']],
    ['/api/v1/templates/neon-launch', ['template:tpl-1']],
    ['/api/v1/templates/neon%2Dlaunch', ['template:tpl-1']],
    ['/posters/neon-launch.svg', ['template:tpl-1']],
    ['/posters/neon-launch-2.svg', ['template:tpl-1']],
    ['/posters/neon-launch.motion.svg', ['template:tpl-1']],
    ['/posters/neon-launch.png', ['template:tpl-1']],
    ['/posters/promo-2.svg', ['template:tpl-2']], // a slug that itself ends in -2
    ['/social/neon-launch.0123456789ab.png', []], // immutable: never purged
    ['/', ['home']],
    ['/index.md', ['home']],
    ['/categories/product-launch', ['category:product-launch']],
    ['/categories/product-launch.md', ['category:product-launch']],
    ['/api/v1/templates', ['lists']],
    ['/api/v1/studio-link', ['lists']],
    ['/search', ['lists']],
    ['/search.md', ['lists']],
    ['/sitemap.xml', ['sitemaps']],
    ['/sitemaps/sitemap-0.xml', ['sitemaps']],
    ['/robots.txt', ['sitemaps']],
    ['/llms-full.txt', ['llms']],
    ['/data/catalog.json', ['data']],
    ['/openapi.json', ['site']],
    ['/docs', ['site']],
    ['/.well-known/api-catalog', ['site']],
    ['/_astro/BaseLayout.abc123.css', []],
    ['/templates/no-such-template', []],
    ['/index.html', ['home']],
    ['/sitemap.md', ['sitemaps']],
    ['/.well-known/mcp/catalog.json', ['site']],
    ['/api/mcp/server-card', ['site']],
    ['/api/v1/nothing', []],
    ['/healthz', []],
  ])('tags %s with %j', (path, tags) => {
    expect(selectPathTags(path, lookup)).toEqual(tags);
  });
});


describe('the route table', () => {
  it('names how every route is tagged', () => {
    for (const route of ROUTE_LIST) expect(route.tags, route.pattern).toBeDefined();
  });
});
