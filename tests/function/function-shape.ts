import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import { connectClient, ERAS } from '../mcp/connect-client.ts';
import type { RunningFunction } from '../../scripts/lib/start-function.ts';
import { readBuiltCatalog } from '../helpers/build-data.ts';
import { readSearchFacts } from './search-page-facts.ts';

/** One answer as the checks compare it. */
interface Seen {
  status: number;
  type: string | null;
  link: string | null;
  body: string;
}

const ID = 'fn-parity-1';

async function see(base: string, path: string, headers: Record<string, string> = {}): Promise<Seen> {
  const res = await fetch(base + path, { headers: { 'X-Request-Id': ID, ...headers } });
  return { status: res.status, type: res.headers.get('content-type'), link: res.headers.get('link'), body: await res.text() };
}

/** What a shape of the function is, for the shared checks. */
export interface FunctionShape {
  name: string;
  start(): Promise<{ fn: RunningFunction; origin: { url: string; stop(): Promise<unknown> } }>;
  /** Asks until the function's own limit refuses; how many it took. */
  limitBudget: number;
}

/**
 * The checks every shape of the function passes against the origin serving the same build:
 * REST bodies, MCP through the SDK client in both eras, /search.md, Markdown by Accept, preflight
 * and 405, and a 429 from its own limit (last: it spends the budget).
 */
export function checkFunctionShape(shape: FunctionShape): void {
  describe(shape.name, () => {
    let fn: RunningFunction;
    let origin: { url: string; stop(): Promise<unknown> };
    let slug = '';
    let id = '';
    beforeAll(async () => {
      ({ fn, origin } = await shape.start());
      const [first] = readBuiltCatalog().templates;
      slug = first!.slug;
      id = first!.id;
    }, 120_000);
    afterAll(async () => {
      await fn?.stop();
      await origin?.stop();
    });

    it('answers list, search, studio-link and the API 404s with the origin\'s status, type, Link and bytes', async () => {
      const paths = [
        '/api/v1/templates?limit=3',
        '/api/v1/templates?limit=2&offset=2',
        '/api/v1/templates?q=launch&limit=5',
        '/api/v1/templates?q=lanch',
        '/api/v1/templates?tier=free&format=9:16',
        `/api/v1/studio-link?template=${slug}&site=acme.com`,
        `/api/v1/studio-link?template=${id}&site=bad..site`,
        '/api/v1/templates/no-such-templat',
        '/api/v1/templates?bogus=1',
        '/api/v1/nothing',
        '/api/v2/templates',
      ];
      for (const path of paths) expect(await see(fn.url, path), path).toEqual(await see(origin.url, path));
    });

    it('sends no search note (X-Search-Unmatched, the access log\'s) to a client', async () => {
      for (const path of ['/api/v1/templates?q=halloween+sale&limit=1', '/search.md?q=halloween+sale']) {
        const res = await fetch(fn.url + path);
        await res.arrayBuffer();
        expect([path, res.status, res.headers.get('x-search-unmatched')]).toEqual([path, 200, null]);
      }
    });

    it('answers /search.md and Markdown by Accept on a page as the origin does', async () => {
      const markdown = { Accept: 'text/markdown' };
      for (const [path, headers] of [['/search.md?q=launch', {}], ['/search?q=launch&tier=free', markdown], [`/templates/${slug}`, markdown], ['/no/such/page', markdown]] as const) {
        const [ours, theirs] = [await see(fn.url, path, headers), await see(origin.url, path, headers)];
        expect({ ...ours, link: null }, path).toEqual({ ...theirs, link: null });
        expect(ours.type).toMatch(/^text\/markdown/);
      }
    });

    it('answers /studio as the origin does: the 302 to the studio link, 400 to fix, 404 for an unknown template, never cached', async () => {
      const queries = [`template=${slug}&site=acme.com`, `template=${id}&site=bad..site`, 'template=no-such-templat&site=acme.com', '', 'template=a&template=b'];
      const ask = async (base: string, q: string) => {
        const res = await fetch(`${base}/studio?${q}`, { redirect: 'manual' });
        await res.arrayBuffer();
        return { status: res.status, type: res.headers.get('content-type'), location: res.headers.get('location'), cache: res.headers.get('cache-control') };
      };
      for (const q of queries) expect(await ask(fn.url, q), q).toEqual(await ask(origin.url, q));
    });

    it('answers a /studio request to fix with the template\'s form filled and what to fix, as the origin\'s page does', async () => {
      const read = async (base: string) => {
        const html = await (await fetch(`${base}/studio?template=${id}&site=bad..site&format=9:16`)).text();
        const input = /<input[^>]*id="studio-site"[^>]*>/.exec(html)?.[0] ?? '';
        return {
          title: /<title>([^<]*)</.exec(html)?.[1],
          robots: /<meta name="robots" content="([^"]*)"/.exec(html)?.[1],
          site: /value="([^"]*)"/.exec(input)?.[1],
          invalid: input.includes('aria-invalid="true"'),
          text: html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' '),
        };
      };
      const [ours, theirs] = [await read(fn.url), await read(origin.url)];
      expect({ ...ours, text: '' }).toEqual({ ...theirs, text: '' });
      const message = /class="studio-form__error"[^>]*>([^<]*)</.exec(await (await fetch(`${origin.url}/studio?template=${id}&site=bad..site`)).text())?.[1];
      expect(message).toBeTruthy();
      expect(ours.text).toContain(message);
    });

    it('answers /search in HTML with the results, filters, did-you-mean, paging and status the origin shows', async () => {
      const queries = ['', 'page=2', 'q=lanch&tier=free', 'q=free+vertical+under+20+seconds', 'q=launch+free&page=9', 'page=0', 'q=%22%3E%3Cb%3Ex%26amp%3B', 'category=event&format=9%3A16'];
      const ask = async (base: string, q: string) => {
        const res = await fetch(`${base}/search?${q}`);
        return { status: res.status, type: res.headers.get('content-type'), cache: res.headers.get('cache-control'), vary: res.headers.get('vary'), facts: readSearchFacts(await res.text()) };
      };
      for (const q of queries) expect(await ask(fn.url, q), q).toEqual(await ask(origin.url, q));
    });

    it('answers preflight with Allow and refuses other methods with the one 405', async () => {
      const preflight = await fetch(`${fn.url}/api/v1/templates/${slug}`, { method: 'OPTIONS', headers: { Origin: 'https://elsewhere.example', 'Access-Control-Request-Method': 'GET' } });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
      expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
      const refused = await fetch(`${fn.url}/api/v1/templates`, { method: 'DELETE' });
      expect(refused.status).toBe(405);
      expect(refused.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
      expect((await refused.json()) as object).toMatchObject({ error: 'method_not_allowed' });
    });

    it('answers the probes once its data is loaded', async () => {
      for (const path of ['/healthz', '/readyz']) {
        const res = await fetch(fn.url + path);
        expect(res.status, path).toBe(200);
        expect(res.headers.get('cache-control'), path).toBe('no-store');
        expect(((await res.json()) as { templates: number }).templates, path).toBe(readBuiltCatalog().templates.length);
      }
    });

    for (const era of ERAS) {
      it(`serves MCP through the SDK client (${era}): the origin's tools, and a tool call's result`, async () => {
        const clients: Client[] = [await connectClient(fn.url, era), await connectClient(origin.url, era)];
        try {
          const [ours, theirs] = await Promise.all(clients.map((c) => c.listTools()));
          expect(ours!.tools.map((t) => t.name)).toEqual(theirs!.tools.map((t) => t.name));
          const call = { name: 'search_templates', arguments: { query: 'launch', limit: 3 } };
          const [a, b] = await Promise.all(clients.map((c) => c.callTool(call)));
          expect(a!.isError).toBeFalsy();
          expect(a!.structuredContent).toEqual(b!.structuredContent);
        } finally {
          await Promise.all(clients.map((c) => c.close()));
        }
      });
    }

    it('refuses past its own rate limit with the 429 Error body and the rate-limit headers', async () => {
      let last: Response | undefined;
      for (let i = 0; i <= shape.limitBudget + 2; i++) {
        last = await fetch(`${fn.url}/api/v1/templates?limit=1`);
        if (last.status === 429) break;
        await last.arrayBuffer();
      }
      expect(last!.status).toBe(429);
      expect(last!.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(last!.headers.get('ratelimit-policy')).toMatch(/^\d+;w=60$/);
      expect(last!.headers.get('x-ratelimit-remaining')).toBe('0');
      expect((await last!.json()) as object).toMatchObject({ error: 'rate_limited' });
    });
  });
}
