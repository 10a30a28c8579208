import { QUERY_PARAMS, listPaths, sampleValue, samplePathWithQuery, type CaseGenerator, type FuzzContext } from './fuzz-vocabulary.ts';

/** Percent sequences that decode to nothing valid: truncated, non-hex, overlong or surrogate UTF-8, controls. */
const BROKEN_PERCENT = [
  '%', '%%', '%2', '%g0', '%zz', '%ff', '%fe%ff', '%c0', '%c3%28', '%e2%82', '%e2%28%a1', '%f0%28%8c%bc', '%ed%a0%80',
  '%f4%90%80%80', '%c0%80', '%00', '%0a', '%0d%0a', '%7f', '%u0041', '%25', '%2525', '%%32%35', '%+', '%-1', '%1', '%C0%AF',
];

function insertAt(text: string, at: number, piece: string): string {
  return text.slice(0, at) + piece + text.slice(at);
}

/** A valid target with one to three broken percent sequences placed in the path or the query. */
export const brokenPercent: CaseGenerator = (ctx) => {
  let target = samplePathWithQuery(ctx);
  for (let i = ctx.rng.between(1, 3); i > 0; i--) target = insertAt(target, ctx.rng.between(1, target.length), ctx.rng.pick(BROKEN_PERCENT));
  return { kind: 'broken percent-encoding', request: { method: ctx.rng.pick(['GET', 'GET', 'HEAD']), target, headers: [] } };
};

/** NUL in the target (raw or encoded), in a header value, or in a body. */
export const nulBytes: CaseGenerator = (ctx) => {
  const { rng } = ctx;
  const base = samplePathWithQuery(ctx);
  const where = rng.pick(['raw-target', 'encoded-target', 'encoded-target', 'header', 'body']);
  if (where === 'raw-target') return { kind: 'NUL bytes', request: { method: 'GET', target: insertAt(base, rng.between(1, base.length), '\0'), headers: [] } };
  if (where === 'encoded-target') return { kind: 'NUL bytes', request: { method: 'GET', target: insertAt(base, rng.between(1, base.length), rng.pick(['%00', '%2500', '%c0%80', '\\0', '%00%00%00'])), headers: [] } };
  if (where === 'header') return { kind: 'NUL bytes', request: { method: 'GET', target: base, headers: [[rng.pick(['Accept', 'X-Test', 'If-None-Match', 'Origin']), `a\0b`]] } };
  const body = Buffer.from(`{"jsonrpc":"2.0","id":1,"method":"ping\0"}\0`);
  return { kind: 'NUL bytes', request: { method: 'POST', target: rng.pick(['/api/mcp', '/api/v1/templates', '/search']), headers: [['Content-Type', 'application/json'], ['Content-Length', String(body.length)]], body } };
};

const WEIRD_NAMES = ['q[]', 'q[0]', '__proto__', '__proto__[x]', 'constructor[prototype][x]', 'hasOwnProperty', 'toString', '', 'Q', 'limit%00', 'a b', '%71', 'q%5B%5D'];
const WEIRD_VALUES = [
  '1e2', '-1', '9999999999999999999999', 'NaN', '0x10', '%201', '1.5', '+5', '00005', 'Infinity', '[]', '{}', 'null', 'true', '%E2%80%AE',
  '%F0%9F%8E%AC', '%3Cscript%3E', '..%2F..%2F', 'a+b+c', '%20%20', '16:9:4', 'FREE', 'premium%00',
];

/** Overlong values, repeated and conflicting parameters, odd names and separators. */
export const oddParameters: CaseGenerator = (ctx) => {
  const { rng } = ctx;
  const path = rng.pick(Object.keys(QUERY_PARAMS));
  const known = QUERY_PARAMS[path]!;
  const name = rng.pick(known);
  const parts: string[] = path.endsWith('studio-link') || path === '/studio' ? [`template=${rng.pick(ctx.refs)}`] : [];
  switch (rng.int(6)) {
    case 0: parts.push(`${name}=${'a'.repeat(rng.pick([129, 201, 254, 1000, 5000, 12_000, 20_000]))}`); break;
    case 1: for (let i = rng.between(2, 300); i > 0; i--) parts.push(`${name}=${rng.chance(0.5) ? sampleValue(ctx, name) : i}`); break;
    case 2: for (let i = rng.between(50, 800); i > 0; i--) parts.push(`p${i}=${i}`); break;
    case 3: parts.push(`${rng.pick(WEIRD_NAMES)}=${sampleValue(ctx, name)}`, `${name}=${rng.pick(WEIRD_VALUES)}`); break;
    case 4: parts.push(rng.pick(['&&&&', '=', '==x', `${name}`, `${name}==`, `;${name}=1`, '?', `${name}=1;${name}=2`, '&=&=&'])); break;
    default: parts.push(`${name}=${rng.pick(WEIRD_VALUES)}`, `${rng.pick(known)}=${rng.pick(WEIRD_VALUES)}`);
  }
  const joiner = rng.chance(0.1) ? rng.pick([';', '&amp;', '&&']) : '&';
  return { kind: 'overlong and repeated parameters', request: { method: 'GET', target: `${path}?${parts.join(joiner)}`, headers: [] } };
};

/** Methods Node's parser knows (most reach the app) and tokens it does not (refused at the HTTP layer). */
const METHODS = [
  'PUT', 'PATCH', 'DELETE', 'TRACE', 'POST', 'OPTIONS', 'HEAD', 'PROPFIND', 'MKCOL', 'COPY', 'MOVE', 'LOCK', 'UNLOCK', 'SEARCH',
  'PURGE', 'QUERY', 'LINK', 'UNLINK', 'REPORT', 'M-SEARCH', 'NOTIFY', 'SUBSCRIBE', 'SOURCE', 'ACL', 'MERGE',
];
const CUSTOM_TOKENS = ['FOO', 'X-CUSTOM', 'BREW', 'get', 'Get', 'GETT', 'A'.repeat(64), 'DELETE_ALL', 'PRI', 'G%45T'];

/** Odd methods on every kind of path, some with a body; CONNECT in its two forms. */
export const oddMethods: CaseGenerator = (ctx) => {
  const { rng } = ctx;
  const roll = rng.int(10);
  if (roll === 0) {
    const target = rng.pick(['127.0.0.1:80', 'localhost:443', '/api/mcp', '/api/v1/templates', '/']);
    return { kind: 'odd methods', request: { method: 'CONNECT', target, headers: [] }, mayCloseSilently: true };
  }
  const method = roll < 3 ? rng.pick(CUSTOM_TOKENS) : rng.pick(METHODS);
  const target = rng.chance(0.5) ? rng.pick(listPaths(ctx)) : samplePathWithQuery(ctx);
  if (!rng.chance(0.3)) return { kind: 'odd methods', request: { method, target, headers: [] } };
  const body = rng.pick(['{}', 'x=1', '<xml/>', '{"jsonrpc":"2.0","id":1,"method":"ping"}']);
  return { kind: 'odd methods', request: { method, target, headers: [['Content-Type', rng.pick(['application/json', 'text/plain', 'application/xml'])], ['Content-Length', String(body.length)]], body } };
};

const ACCEPTS = [
  '', ' ', ',', ',,,,', ';', 'text/markdown;q=abc', 'text/markdown;q=-1', 'text/markdown;q=2', 'text/markdown;q=0', '*/*;q=0',
  'application/json;q=0', 'application/json;q=0.000', 'text/markdown, text/html;q=NaN', 'text/*', 'text/markdown;;;q=1', '*/markdown',
  'text/markdown;q=1;q=0', 'TEXT/MARKDOWN', 'text/html;q=0, text/markdown;q=0', 'image/png', 'application/json-rpc', 'x'.repeat(8000),
  Array(300).fill('text/markdown;q=0.5').join(','), 'text/markdown\u00e9', 'application/json, text/event-stream;q=0', '*/*;q=0.001, text/plain',
];
const HEADER_PAIRS: [string, readonly string[]][] = [
  ['Accept-Encoding', ['br;q=0', 'gzip;q=0, br;q=0', '*', 'identity;q=0', 'brotli', 'compress', 'br, gzip, deflate, zstd', 'x'.repeat(4000)]],
  ['If-None-Match', ['*', 'W/', '"', '"'.repeat(500), 'W/"x", *', ',,,', '"a", "b", '.repeat(200)]],
  ['Range', ['bytes=0-0', 'bytes=-1', 'bytes=999999999-', 'bytes=5-1', 'bytes=a-b', 'items=0-1', 'bytes=-0', 'bytes=0-18446744073709551616', Array(100).fill('0-1').join(',').replace(/^/, 'bytes=')]],
  ['If-Modified-Since', ['yesterday', 'Thu, 01 Jan 1970 00:00:00 GMT', '0', '9'.repeat(40)]],
  ['Accept-Language', ['*', 'x'.repeat(3000), 'de;q=abc']],
  ['Mcp-Protocol-Version', ['1999-01-01', '', 'x'.repeat(500), '2025-11-25, 2025-06-18']],
];

/** Odd Accept values (content negotiation for pages, JSON for MCP) and other negotiation headers. */
export const oddAccept: CaseGenerator = (ctx) => {
  const { rng } = ctx;
  const headers: [string, string][] = [['Accept', rng.pick(ACCEPTS)]];
  if (rng.chance(0.5)) {
    const [name, values] = rng.pick(HEADER_PAIRS);
    headers.push([name, rng.pick(values)]);
  }
  const target = samplePathWithQuery(ctx);
  if (target === '/api/mcp' && rng.chance(0.7)) {
    const body = '{"jsonrpc":"2.0","id":1,"method":"tools/list"}';
    return { kind: 'odd Accept headers', request: { method: 'POST', target, headers: [...headers, ['Content-Type', 'application/json'], ['Content-Length', String(body.length)]], body } };
  }
  return { kind: 'odd Accept headers', request: { method: rng.pick(['GET', 'GET', 'HEAD']), target, headers } };
};

/** Odd request framing and identity headers: Host, Content-Length, Transfer-Encoding, Expect, X-Forwarded-For, Origin, versions. */
export const oddHeaders: CaseGenerator = (ctx: FuzzContext) => {
  const { rng } = ctx;
  const target = samplePathWithQuery(ctx);
  const pick = rng.int(10);
  const headers: [string, string][] = [];
  let body: string | undefined;
  let version: string | undefined;
  if (pick === 0) headers.push(['Host', rng.pick(['', 'evil.example', 'x'.repeat(5000), '127.0.0.1:99999', '[::1', 'a b', 'localhost:4321, evil', 'user@127.0.0.1', 'a:b@localhost:4321'])]);
  else if (pick === 1) headers.push(['X-Forwarded-For', rng.pick(['', 'garbage', '1.1.1.1, , ,', '999.1.1.1', '::ffff:1.2.3.4', Array(500).fill('10.0.0.1').join(',')])]);
  else if (pick === 2) headers.push(['Origin', rng.pick(['null', 'http://evil.example', 'not a url', 'http://localhost', 'file://', 'x'.repeat(3000)])]);
  else if (pick === 3) headers.push(['Content-Length', rng.pick(['-1', 'abc', '1, 2', '0x10', '99999999999999999999'])]);
  else if (pick === 4) {
    headers.push(['Transfer-Encoding', 'chunked']);
    body = rng.pick(['zz\r\n', '5\r\nab\r\n0\r\n\r\n', 'ffffffffffffffffff\r\n', '0\r\nX-Trailer: \0\r\n\r\n', '3;ext="\r\nabc\r\n0\r\n\r\n']);
  } else if (pick === 5) headers.push(['Transfer-Encoding', rng.pick(['gzip', 'chunked, gzip', 'identity', 'xchunked'])], ['Content-Length', '2']), (body = '{}');
  else if (pick === 6) version = rng.pick(['HTTP/1.0', 'HTTP/2.0', 'HTTP/0.9', 'HTTP/1.2', 'HTTP/11', 'http/1.1', 'HTTP/1.1 extra']);
  else if (pick === 7) headers.push([rng.pick(['X Bad', 'X:Colon', 'Ünïcode', '', 'X-Long'.repeat(500)]), 'v']);
  else if (pick === 8) headers.push(['Expect', rng.pick(['100-continue', 'foo', '200-ok', '100-continue, x', ''])]);
  else headers.push(['Content-Type', rng.pick(['application/json; charset=utf-16', 'multipart/form-data; boundary=', 'text/plain', ';;;'])], ['Upgrade', rng.pick(['websocket', 'h2c', 'x'])], ['Connection', 'Upgrade, close']);
  return { kind: 'odd framing and identity headers', request: { method: body ? 'POST' : 'GET', target, headers, body, version } };
};
