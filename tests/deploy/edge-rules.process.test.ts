import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { startStack, type Stack } from '../../scripts/lib/stack.ts';
import { prefersMarkdown } from '../../src/http/markdown-negotiation.ts';
import { readBuiltCatalog } from '../helpers/build-data.ts';
import { requestFrom, type SentAnswer } from '../helpers/request-from.ts';
import { describeWithStackTools } from '../helpers/stack-tools.ts';

const [template, other] = readBuiltCatalog().templates;
const cacheOf = (answer: SentAnswer) => answer.headers['x-cache'];
const MCP_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'Mcp-Protocol-Version': '2025-06-18' };
const RATE_HEADERS = ['ratelimit', 'ratelimit-policy', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'];

describeWithStackTools('the shipped VCL and haproxy config in front of two instances', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ distDir: inject('distDir'), ports: { edge: 0, lb: 0, apps: [0, 0], redis: 0 }, env: { LOG_LEVEL: 'warn', REST_RATE_LIMIT: '5' } });
  }, 60_000);
  afterAll(() => stack?.stop());

  it('keeps br, gzip and identity copies of a page apart, each decoding to the same page', async () => {
    const path = `/templates/${template!.slug}`;
    const codings = [['br', brotliDecompressSync], ['gzip, deflate', gunzipSync], ['identity', (b: Buffer) => b]] as const;
    const bodies: string[] = [];
    for (const [accept, decode] of codings) {
      const first = await requestFrom(stack.edgeUrl + path, { headers: { 'Accept-Encoding': accept } });
      const again = await requestFrom(stack.edgeUrl + path, { headers: { 'Accept-Encoding': accept } });
      expect([cacheOf(first), cacheOf(again)], accept).toEqual(['miss', 'hit']);
      expect(again.headers['content-encoding']).toBe(accept === 'identity' ? undefined : accept.split(',')[0]);
      bodies.push(decode(again.body).toString('utf8'));
    }
    expect(new Set(bodies).size).toBe(1);
    expect(bodies[0]).toContain(template!.title);
  });

  it('gives every answer its own request id, a cached copy too, and keeps a well-formed one the client sent', async () => {
    const path = `/templates/${template!.slug}.md`;
    const first = await requestFrom(stack.edgeUrl + path);
    const hit = await requestFrom(stack.edgeUrl + path);
    const named = await requestFrom(stack.edgeUrl + path, { headers: { 'X-Request-Id': 'client-77' } });
    expect(cacheOf(hit)).toBe('hit');
    expect(first.headers['x-request-id']).toMatch(/^varnish-\d+$/);
    expect(hit.headers['x-request-id']).toMatch(/^varnish-\d+$/);
    expect(hit.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    expect(named.headers['x-request-id']).toBe('client-77');
  });

  it("chooses HTML or Markdown for a page as the origin would, keeping one copy of each", async () => {
    const path = `/templates/${other!.slug}`;
    const accepts = ['text/html,application/xhtml+xml,*/*;q=0.8', 'text/markdown', 'text/markdown, text/html;q=0.9', 'text/html, text/markdown', 'text/markdown;q=0.9, text/html', '*/*', 'text/html;q=0.5, text/markdown', 'text/markdown;q=0'];
    for (const accept of accepts) {
      const viaEdge = await requestFrom(stack.edgeUrl + path, { headers: { Accept: accept, 'Accept-Encoding': 'identity' } });
      const wanted = prefersMarkdown(accept) ? 'text/markdown; charset=utf-8' : 'text/html; charset=utf-8';
      expect(viaEdge.headers['content-type'], accept).toBe(wanted);
    }
    const after = await requestFrom(stack.edgeUrl + path, { headers: { Accept: 'text/markdown, */*', 'Accept-Encoding': 'identity' } });
    expect(cacheOf(after)).toBe('hit'); // one of the two copies made above
  });

  it('strips the per-client rate-limit headers from cached API copies, and keeps them on answers that were not cached', async () => {
    const path = `/api/v1/templates/${template!.id}`;
    const origin = await requestFrom(stack.lbUrl + path, { from: '127.0.0.20' });
    expect(origin.headers.ratelimit).toBeDefined();
    const miss = await requestFrom(stack.edgeUrl + path, { from: '127.0.0.21' });
    const hit = await requestFrom(stack.edgeUrl + path, { from: '127.0.0.22' });
    expect([cacheOf(miss), cacheOf(hit)]).toEqual(['miss', 'hit']);
    for (const answer of [miss, hit]) for (const name of RATE_HEADERS) expect(answer.headers[name], name).toBeUndefined();
    expect(hit.headers.xkey).toBeUndefined(); // tags are the edge's business
    const notFound = await requestFrom(stack.edgeUrl + '/api/v1/templates/no-such-template', { from: '127.0.0.21' });
    expect(notFound.status).toBe(404);
    expect(notFound.headers.ratelimit).toMatch(/^limit=5, remaining=\d, reset=\d+$/);
  });

  it('never keeps an error, a 404 or a 429, and limits each client across both instances whatever X-Forwarded-For it sends', async () => {
    for (const path of ['/templates/no-such-template', '/api/v1/templates?tier=gold', '/nothing/here.md']) {
      const answers = [await requestFrom(stack.edgeUrl + path), await requestFrom(stack.edgeUrl + path)];
      expect(answers.map((a) => [a.status >= 400, cacheOf(a)]), path).toEqual([[true, 'pass'], [true, 'pass']]);
    }
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const answer = await requestFrom(`${stack.edgeUrl}/api/v1/templates?q=launch${i}`, { from: '127.0.0.30', headers: { 'X-Forwarded-For': `203.0.113.${i}` } });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]); // five misses reached the two instances, one budget in Redis
    const refused = await requestFrom(`${stack.edgeUrl}/api/v1/templates?q=launch5`, { from: '127.0.0.30' });
    expect([refused.status, cacheOf(refused)]).toEqual([429, 'pass']);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    const someoneElse = await requestFrom(`${stack.edgeUrl}/api/v1/templates?q=launch5`, { from: '127.0.0.31' });
    expect(someoneElse.status).toBe(200);
  });

  it('passes MCP to the origin every time, with its own Accept', async () => {
    const call = (id: number) => JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'get_template', arguments: { id: template!.id } } });
    const answers = [];
    for (const id of [1, 2]) answers.push(await requestFrom(`${stack.edgeUrl}/api/mcp`, { method: 'POST', headers: MCP_HEADERS, body: call(id), from: '127.0.0.40' }));
    for (const [i, answer] of answers.entries()) {
      expect([answer.status, cacheOf(answer)]).toEqual([200, 'pass']);
      expect(JSON.parse(answer.body.toString('utf8'))).toMatchObject({ jsonrpc: '2.0', id: i + 1, result: { structuredContent: { template: { id: template!.id } } } });
    }
  });

  it('lets only the purgers named in the ACL purge, and only with tags named', async () => {
    const stranger = await requestFrom(`${stack.edgeUrl}/`, { method: 'PURGE', headers: { 'xkey-purge': 'home' }, from: '127.0.0.50' });
    expect(stranger.status).toBe(403);
    const nameless = await requestFrom(`${stack.edgeUrl}/`, { method: 'PURGE', from: '127.0.0.1' });
    expect(nameless.status).toBe(400);
    await requestFrom(`${stack.edgeUrl}/`);
    expect(cacheOf(await requestFrom(`${stack.edgeUrl}/`))).toBe('hit');
    const purge = await requestFrom(`${stack.edgeUrl}/`, { method: 'PURGE', headers: { 'xkey-purge': 'home' }, from: '127.0.0.1' });
    expect(purge.status).toBe(200);
    expect(cacheOf(await requestFrom(`${stack.edgeUrl}/`))).toBe('miss');
  });
});
