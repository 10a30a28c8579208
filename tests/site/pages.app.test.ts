import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { readBuiltCatalog, readBuiltFile } from '../helpers/build-data.ts';

const SITE = 'http://localhost:4321'; // the SITE_URL tests/global-setup.ts builds with
const client = () => join(inject('distDir'), 'client');

/** Every prerendered HTML page of the test build, as a path from the client folder. */
function listHtmlPages(dir = client()): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '_astro' ? [] : listHtmlPages(path);
    return entry.name.endsWith('.html') ? [relative(client(), path)] : [];
  });
}

/** Attributes of every `<tag …>` in the HTML (enough for the markup Astro writes). */
function findTags(html: string, tag: string): Record<string, string>[] {
  return [...html.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, 'gi'))].map(([, attrs]) =>
    Object.fromEntries([...attrs!.matchAll(/([\w:-]+)(?:="([^"]*)")?/g)].map(([, k, v]) => [k!.toLowerCase(), v ?? ''])),
  );
}

const decode = (s: string) =>
  s.replace(/&(amp|quot|lt|gt|#39|#x27);/g, (_, e: string) => ({ amp: '&', quot: '"', lt: '<', gt: '>', '#39': "'", '#x27': "'" })[e]!);
const fileOf = (url: string) => join(client(), decodeURIComponent(new URL(url).pathname));

describe('built pages', () => {
  const pages = listHtmlPages();

  it('include the home, docs, requests, 404, category and template pages', () => {
    for (const page of ['index.html', 'docs.html', 'requests.html', '404.html', 'categories/event.html']) expect(pages).toContain(page);
    expect(pages.filter((p) => p.startsWith('templates/')).length).toBe(readBuiltCatalog().templates.length);
  });

  it.each(pages)('%s has a title, a description, a canonical URL and a Markdown twin', (page) => {
    const html = readFileSync(join(client(), page), 'utf8');
    expect(html).toMatch(/<title>[^<]{3,}<\/title>/);
    const meta = findTags(html, 'meta');
    expect(meta.find((m) => m.name === 'description')?.content?.length).toBeGreaterThan(20);
    const links = findTags(html, 'link');
    const canonical = links.find((l) => l.rel === 'canonical')?.href ?? '';
    expect(canonical.startsWith(`${SITE}/`)).toBe(true);
    const twin = links.find((l) => l.rel === 'alternate' && l.type === 'text/markdown')?.href ?? '';
    expect(twin).toMatch(new RegExp(`^${SITE}/.+\\.md$`));
    expect(existsSync(fileOf(twin)), `${page} -> ${twin}`).toBe(true);
    expect(meta.find((m) => m.property === 'og:url')?.content).toBe(canonical);
  });

  it('name their twin after the page path (/x -> /x.md, / -> /index.md)', () => {
    for (const page of pages.filter((p) => p !== '404.html')) {
      const twin = findTags(readFileSync(join(client(), page), 'utf8'), 'link').find((l) => l.type === 'text/markdown')!.href!;
      expect(new URL(twin).pathname.slice(1)).toBe(page.replace(/\.html$/, '.md'));
    }
  });
});

describe('built template pages', () => {
  const templates = readBuiltCatalog().templates;

  it.each(templates.map((t) => [t.slug, t] as const))('%s has a page, a twin, posters in their own shape and a motion poster', (slug, t) => {
    expect(existsSync(join(client(), 'templates', `${slug}.html`))).toBe(true);
    expect(readBuiltFile(`templates/${slug}.md`).startsWith(`# ${t.title.replace(/([*_[\]<>#|`\\])/g, '\\$1')}\n`)).toBe(true);
    const posters = [{ url: t.poster!, format: '16:9' }, ...(t.examples ?? []).map((e) => ({ url: e.poster, format: e.format }))];
    for (const { url, format } of posters) {
      const svg = readFileSync(fileOf(url), 'utf8');
      const box = format === '9:16' ? 'viewBox="0 0 360 640"' : 'viewBox="0 0 640 360"';
      expect(svg.startsWith(`<svg xmlns="http://www.w3.org/2000/svg" ${box}`)).toBe(true);
      expect(Buffer.byteLength(svg)).toBeLessThan(3072);
    }
    const motion = readBuiltFile(`posters/${slug}.motion.svg`);
    expect(motion).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 640 360"/);
    expect(motion).toContain('repeatCount="indefinite"');
    expect(motion).not.toContain('<style');
  });

  const [first] = templates;
  const html = readBuiltFile(`templates/${first!.slug}.html`);

  it('shows the title, price and formats a person needs', () => {
    expect(decode(/<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1] ?? '')).toBe(first!.title);
    expect(html).toMatch(first!.priceCents === 0 ? />Free</ : /\$\d+(\.\d\d)? per export/);
  });

  it('offers the studio form: template id, "Your website", a format and "Open in the studio"', () => {
    const form = findTags(html, 'form').find((f) => f.action === '/studio');
    expect(form?.method).toBe('get');
    const inputs = findTags(html, 'input');
    expect(inputs.find((i) => i.name === 'template')).toMatchObject({ type: 'hidden', value: first!.id });
    const site = inputs.find((i) => i.name === 'site');
    expect(site).toMatchObject({ id: 'studio-site', placeholder: 'acme.com' });
    expect(html).toMatch(/<label for="studio-site"[^>]*>Your website<\/label>/);
    expect(inputs.filter((i) => i.name === 'format').map((i) => i.value)).toEqual(first!.formats.length > 1 ? first!.formats : [first!.formats[0]]);
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*>Open in the studio<\/button>/);
  });

  it('links each example video without autoplaying it', () => {
    const withExample = templates.find((t) => t.examples?.length)!;
    const page = readBuiltFile(`templates/${withExample.slug}.html`);
    expect(page).toContain(`href="${withExample.examples![0]!.video}"`);
    expect(page).toContain('Watch example');
    expect(page).not.toMatch(/<video[^>]*autoplay/);
  });

  it('describes itself as a schema.org Product with an offer in USD, and names its raster social image with type and size', () => {
    const json = /<script type="application\/ld\+json">([^<]+)<\/script>/.exec(html)?.[1];
    const data = JSON.parse(decode(json!)) as { '@type': string; offers: { price: string; priceCurrency: string }; image: string };
    expect(data['@type']).toBe('Product');
    expect(data.offers).toMatchObject({ price: (first!.priceCents / 100).toFixed(2), priceCurrency: 'USD' });
    const meta = (key: string) => findTags(html, 'meta').find((m) => m.property === key || m.name === key)?.content;
    const image = meta('og:image')!;
    expect(image).toMatch(new RegExp(`^${SITE}/social/${first!.slug}\\.[0-9a-f]{12}\\.png$`));
    expect([meta('og:image'), meta('og:image:type'), meta('og:image:width'), meta('og:image:height')]).toEqual([image, 'image/png', '1200', '630']);
    expect([meta('twitter:card'), meta('twitter:image')]).toEqual(['summary_large_image', image]);
    expect(existsSync(fileOf(image))).toBe(true);
  });
});

describe('built home page', () => {
  const html = readBuiltFile('index.html');

  it('names the newest template\'s social image for shared links, with its type and size', () => {
    const meta = (key: string) => findTags(html, 'meta').find((m) => m.property === key || m.name === key)?.content;
    expect(meta('og:image')).toMatch(new RegExp(`^${SITE}/social/[a-z0-9-]+\\.[0-9a-f]{12}\\.png$`));
    expect([meta('og:image:type'), meta('og:image:width'), meta('og:image:height'), meta('twitter:image')]).toEqual(['image/png', '1200', '630', meta('og:image')]);
    expect(existsSync(fileOf(meta('og:image')!))).toBe(true);
  });

  it('shows at most 24 cards and links to every template through /search', () => {
    const cards = html.split('<li class="card"').length - 1;
    expect(cards).toBeGreaterThan(0);
    expect(cards).toBeLessThanOrEqual(24 + 1); // plus the card template the script copies
    expect(html).toMatch(/href="\/newest\/2"[^>]*>More templates: page 2 of \d+ →/); // the list goes on prerendered
  });

  it('works without JavaScript: a GET search form, filter links to /search, category links to their prerendered pages', () => {
    expect(findTags(html, 'form').find((f) => f.role === 'search')).toMatchObject({ action: '/search', method: 'get' });
    const filters = findTags(html, 'a').filter((a) => 'data-filter-key' in a).map((a) => decodeURIComponent(decode(a.href!)));
    expect(filters).toContain('/search?tier=free');
    expect(filters).toContain('/search?format=9:16');
    expect(filters).toContain('/categories/event');
    expect(filters).not.toContain('/search?category=event');
  });

  it('lists the newest templates as a schema.org ItemList', () => {
    const json = /<script type="application\/ld\+json">([^<]+)<\/script>/.exec(html)?.[1];
    const data = JSON.parse(decode(json!)) as { '@type': string; itemListElement: { url: string }[] };
    expect(data['@type']).toBe('ItemList');
    expect(data.itemListElement[0]?.url).toBe(readBuiltCatalog().templates[0]!.url);
  });
});

describe('built 404 page', () => {
  it('exists with its twin and a way back to the catalog', () => {
    expect(readBuiltFile('404.html')).toContain('Page not found');
    expect(readBuiltFile('404.md').startsWith('# Page not found\n')).toBe(true);
  });
});

describe('built docs page', () => {
  it('gives curl examples and MCP setup on the site address', () => {
    const html = decode(readBuiltFile('docs.html'));
    expect(html).toContain(`curl '${SITE}/api/v1/templates?q=countdown`);
    expect(html).toContain(`claude mcp add --transport http template-catalog ${SITE}/api/mcp`);
    expect(html).toContain('.vscode/mcp.json');
    expect(html).toContain('By default, 120 requests per minute per IP address for REST and 60 for MCP');
  });
});
