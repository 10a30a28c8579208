import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '../helpers/start-app.ts';

const SITE = 'http://localhost:4321';
const HEADERS = { 'content-type': 'application/json', accept: 'application/json', 'mcp-protocol-version': '2025-11-25' };

/** One raw POST to /api/mcp of a 2025-era message (or batch): status, headers and the JSON body. */
async function post(app: RunningApp, message: unknown) {
  const res = await fetch(`${app.url}/api/mcp`, { method: 'POST', headers: HEADERS, body: JSON.stringify(message) });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: JSON.parse(text) as any };
}

const read = (id: number, uri: string) => ({ jsonrpc: '2.0', id, method: 'resources/read', params: { uri } });
const completeSlug = (id: number, value: string) => ({
  jsonrpc: '2.0', id, method: 'completion/complete',
  params: { ref: { type: 'ref/resource', uri: `${SITE}/templates/{slug}.md` }, argument: { name: 'slug', value } },
});

describe('boundMcpMessage on the origin', () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startApp({ MCP_RATE_LIMIT: '100000' });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('answers a resource URI over 1,000 characters with invalid_params, quoting 100 characters', async () => {
    const uri = `${SITE}/templates/${'a'.repeat(900_000)}.md`;
    const { status, body, text } = await post(app, read(1, uri));
    expect(status).toBe(200);
    expect(body.error.code).toBe(-32602);
    expect(body.error.message).toMatch(/^The resource URI must be at most 1000 characters; this one has 900035: /);
    expect(text.length).toBeLessThan(500);
    expect(app.unexpectedErrors()).toBe(0);
  });

  it('answers a malformed percent escape in a resource URI with invalid_params, not an internal error', async () => {
    const { body } = await post(app, read(2, `${SITE}/templates/%zz.md`));
    expect(body.error).toMatchObject({ code: -32602, message: expect.stringContaining('malformed percent escape') });
  });

  it('holds a completion value to the q rule (200 characters) and still completes one of 200', async () => {
    const over = await post(app, completeSlug(3, 'launch '.repeat(40)));
    expect(over.body.error).toMatchObject({ code: -32602, message: expect.stringMatching(/^argument.value must be at most 200 characters; this one has 280: "launch launch/) });
    expect(over.body.error.message.length).toBeLessThan(220);
    const within = await post(app, completeSlug(4, 'launch'.padEnd(200, ' ')));
    expect(within.body.result.completion.values.length).toBeGreaterThan(0);
  });

  it('quotes at most 100 characters of an unknown tool, template or prompt', async () => {
    const long = 'x'.repeat(5000);
    const tool = await post(app, { jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: long, arguments: {} } });
    const template = await post(app, { jsonrpc: '2.0', id: 6, method: 'tools/call', params: { name: 'get_template', arguments: { id: long } } });
    const prompt = await post(app, { jsonrpc: '2.0', id: 7, method: 'prompts/get', params: { name: long } });
    for (const { text } of [tool, template, prompt]) {
      expect(text).toContain(`"${'x'.repeat(100)}…`);
      expect(text).not.toContain('x'.repeat(101));
    }
  });

  it('answers every request of a batch holding a message over a bound, running none of them', async () => {
    const { body } = await post(app, [{ jsonrpc: '2.0', id: 8, method: 'tools/list' }, completeSlug(9, 'z'.repeat(300))]);
    expect(body.map((m: any) => [m.id, m.error.code])).toEqual([[8, -32602], [9, -32602]]);
    expect(body[0].error.message).toMatch(/^Not run: message 2 of this batch breaks a limit/);
  });
});

describe('a batch against the MCP bucket', () => {
  let app: RunningApp;
  beforeAll(async () => {
    app = await startApp({ MCP_RATE_LIMIT: '5' });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('counts each message: a batch of 4 leaves one request, a batch past the limit is 429 with Retry-After', async () => {
    const ping = (id: number) => ({ jsonrpc: '2.0', id, method: 'ping' });
    const four = await post(app, [ping(1), ping(2), ping(3), ping(4)]);
    expect(four.status).toBe(200);
    expect(four.body).toHaveLength(4);
    const two = await post(app, [ping(5), ping(6)]);
    expect(two.status).toBe(429);
    expect(two.body).toMatchObject({ error: 'rate_limited', retryAfter: expect.any(Number) });
    expect(two.headers.get('retry-after')).toBe(String(two.body.retryAfter));
    expect(two.headers.get('ratelimit')).toMatch(/^limit=5, remaining=0, reset=\d+$/);
  });
});
