import { MCP_HEADERS, sampleMcpMessage, type CaseGenerator, type FuzzContext } from './fuzz-vocabulary.ts';

/** Levels of nesting in the deepest bodies (JSON.parse copes; recursive validators might not). */
export const DEEP_LEVELS = 10_000;
const MCP_MAX_BODY = 1024 * 1024;

const NOT_JSON = [
  '', ' ', '{', '}', '{"jsonrpc":"2.0","id":1,"method":', 'undefined', "{'jsonrpc':'2.0'}", '{"a":1,}', 'NaN', '\ufeff{"jsonrpc":"2.0","id":1,"method":"ping"}',
  'jsonrpc=2.0&method=ping', '<?xml version="1.0"?><a/>', '[1,2', '"\\ud800"', '{"jsonrpc":"2.0","id":1,"method":"ping"}{"x":1}', '\u0000\u0001\u0002', '0x10',
  '{"__proto__":{"polluted":true},"jsonrpc":"2.0","id":1,"method":"ping"}',
];
const ODD_VALUES: unknown[] = [null, true, 0, -1, 1e308, '', 'x'.repeat(10_000), [], {}, [[[]]], { a: { b: {} } }, '\u202e', 'ping\u0000'];

function deep(kind: 'array' | 'object', levels: number, leaf: unknown = 1): string {
  return kind === 'array' ? `${'['.repeat(levels)}${JSON.stringify(leaf)}${']'.repeat(levels)}` : `${'{"a":'.repeat(levels)}${JSON.stringify(leaf)}${'}'.repeat(levels)}`;
}

/** Replaces one member (maybe nested) of a valid message with a value of the wrong type. */
function breakOneField(ctx: FuzzContext): string {
  const msg = sampleMcpMessage(ctx);
  const params = msg.params as Record<string, unknown> | undefined;
  const args = params?.arguments as Record<string, unknown> | undefined;
  const odd = ctx.rng.pick(ODD_VALUES);
  const roll = ctx.rng.int(4);
  if (roll === 0 || !params) msg[ctx.rng.pick(['jsonrpc', 'id', 'method', 'params'])] = odd;
  else if (roll === 1 || !args) params[ctx.rng.pick(['name', 'arguments', '_meta', 'protocolVersion', 'cursor'])] = odd;
  else args[ctx.rng.pick([...Object.keys(args), 'offset', 'format', 'category', 'tier', 'site', 'extra'])] = odd;
  return JSON.stringify(msg);
}

/** Puts a 10,000-level structure where the server reads (params, arguments, id) or as the whole body. */
function nestDeep(ctx: FuzzContext): string {
  const { rng } = ctx;
  const levels = rng.pick([DEEP_LEVELS, DEEP_LEVELS, 1000, 100_000]);
  const shape = rng.pick(['array', 'object'] as const);
  const nest = deep(shape, levels, rng.pick([1, 'x', null]));
  const slot = rng.pick(['body', 'params', 'arguments', 'argument', 'id', 'meta']);
  if (slot === 'body') return nest;
  if (slot === 'params') return `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":${nest}}`;
  if (slot === 'id') return `{"jsonrpc":"2.0","id":${nest},"method":"ping"}`;
  if (slot === 'meta') return `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"_meta":${nest}}}`;
  const tool = rng.pick(['search_templates', 'get_template', 'studio_link']);
  const args = slot === 'arguments' ? nest : `{"${rng.pick(['query', 'id', 'template', 'site', 'limit'])}":${nest}}`;
  return `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"${tool}","arguments":${args}}}`;
}

function batch(ctx: FuzzContext): string {
  const { rng } = ctx;
  const size = rng.pick([0, 1, 2, 10, 100, 1000]);
  const items = Array.from({ length: size }, () => (rng.chance(0.7) ? JSON.stringify(sampleMcpMessage(ctx)) : rng.pick([breakOneField(ctx), '1', 'null', '[]', '{"jsonrpc":"2.0","method":"notifications/initialized"}'])));
  return `[${items.join(',')}]`;
}

function oversized(ctx: FuzzContext): string {
  const pad = MCP_MAX_BODY + ctx.rng.pick([1, 1000, 200_000]);
  return JSON.stringify({ ...sampleMcpMessage(ctx), padding: 'x'.repeat(pad) });
}

const CONTENT_TYPES = ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=latin1', 'application/jsonx', 'application/json-rpc', '', 'APPLICATION/JSON', '*/*', 'application/json, text/plain'];

/**
 * MCP request bodies: not JSON, wrong types, batches, 10,000-level nesting, over the 1 MiB
 * limit, wrong content types and unknown methods. Oversized bodies are rare on purpose (each
 * is over a megabyte on the wire).
 */
export const mcpBodies: CaseGenerator = (ctx) => {
  const { rng } = ctx;
  let headers: [string, string][] = MCP_HEADERS;
  let body: string;
  let kind: string;
  const roll = rng.int(100);
  if (roll < 20) [kind, body] = ['MCP: body not JSON', rng.pick(NOT_JSON)];
  else if (roll < 45) [kind, body] = ['MCP: wrong types', breakOneField(ctx)];
  else if (roll < 58) [kind, body] = ['MCP: batches', batch(ctx)];
  else if (roll < 73) [kind, body] = ['MCP: deep nesting', nestDeep(ctx)];
  else if (roll < 74) [kind, body] = ['MCP: oversized body', oversized(ctx)];
  else if (roll < 88) {
    [kind, body] = ['MCP: wrong content type', JSON.stringify(sampleMcpMessage(ctx))];
    const type = rng.pick(CONTENT_TYPES);
    headers = type ? [['Content-Type', type], MCP_HEADERS[1]!] : [MCP_HEADERS[1]!];
  } else {
    const method = rng.pick(['resources/list', 'prompts/list', 'completion/complete', 'logging/setLevel', 'tools/call', 'initialize', 'notifications/cancelled', '', 'rpc.discover', '../ping']);
    const params = rng.pick([undefined, {}, { name: 'no_such_tool', arguments: {} }, { protocolVersion: '1999-01-01' }, { name: 'get_template' }]);
    [kind, body] = ['MCP: unknown methods and params', JSON.stringify({ jsonrpc: '2.0', id: rng.between(1, 9), method, params })];
  }
  const bytes = Buffer.from(body, 'utf8');
  return { kind, request: { method: 'POST', target: '/api/mcp', headers: [...headers, ['Content-Length', String(bytes.length)]], body: bytes } };
};
