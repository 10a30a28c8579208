/**
 * What a hostile client sends, as bytes on a raw socket (an HTTP client would normalise most of
 * it away): one entry per shape, each with a few inputs. Shared by the hostile-client test
 * (tests/hardening/hostile-client.process.test.ts) and `npm run bench -- hostile`.
 */

/** One shape of attack: its inputs, each sent on a fresh connection, given the target's Host. */
export interface HostileShape {
  name: string;
  inputs(host: string): Buffer[];
}

const raw = (text: string) => Buffer.from(text, 'latin1');
const get = (target: string, host: string, extra = '') => raw(`GET ${target} HTTP/1.1\r\nHost: ${host}\r\n${extra}Connection: close\r\n\r\n`);
const withHost = (hostValue: string, target = '/') => raw(`GET ${target} HTTP/1.1\r\nHost: ${hostValue}\r\nConnection: close\r\n\r\n`);
const method = (name: string, host: string, target = '/') => raw(`${name} ${target} HTTP/1.1\r\nHost: ${host}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);

/**
 * Methods Node's parser refuses before any handler runs (unknown, lower-case): the origin and the
 * Node function answer each 501 (src/function/node-client-error.ts); nginx and workerd answer
 * them their own way (docs/hardening.md).
 */
export const UNKNOWN_METHODS = (host: string): Buffer[] => [method('get', host), method('FOO', host), method('TRACK', host), method('trace', host, '/api/mcp')];

export const HOSTILE_SHAPES: readonly HostileShape[] = [
  {
    name: 'malformed request lines',
    inputs: () => [
      raw('GARBAGE\r\n\r\n'),
      raw('GET\r\n\r\n'),
      raw('GET  /  HTTP/1.1\r\nHost: x\r\n\r\n'),
      raw('GET / HTTP/1.1 extra\r\nHost: x\r\n\r\n'),
      raw('GET / HTTP/9.9\r\nHost: x\r\n\r\n'),
      raw('GET / HTTP/1.1\nHost: x\n\n'),
      raw('\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03'),
      raw('GET /\x00 HTTP/1.1\r\nHost: x\r\n\r\n'),
    ],
  },
  {
    name: 'odd paths (//, ///, //%zz/, /\\)',
    inputs: (host) => ['//', '///', '//%zz/', '/\\', '/\\\\evil.example', '//api/v1/templates', '/%zz', '/%00', '/..%2f..%2fetc%2fpasswd', '/search?q=%zz', '/api/v1/templates/%ff%fe'].map((t) => get(t, host)),
  },
  {
    name: 'bad Hosts (a b, a%zz, [, x:99999)',
    inputs: () => [withHost('a b'), withHost('a%zz'), withHost('['), withHost('x:99999'), withHost(''), withHost('[::1'), withHost('a'.repeat(300)), withHost('\xff\xfe'), withHost('x:99999', '/api/v1/templates'), withHost('a b', '/search?q=launch')],
  },
  {
    name: 'unknown and lower-case methods, TRACE',
    inputs: (host) => [...UNKNOWN_METHODS(host), method('TRACE', host), method('PROPFIND', host), method('DELETE', host, '/api/v1/templates'), method('PATCH', host, '/search'), method('M-SEARCH', host, '*')],
  },
  {
    name: 'absolute-form and * targets',
    inputs: (host) => [
      get('http://evil.example/', host),
      get(`http://${host}/api/v1/templates?limit=1`, host),
      get('https://evil.example/api/mcp', host),
      raw(`OPTIONS * HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`),
      raw(`GET * HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`),
      raw(`CONNECT evil.example:443 HTTP/1.1\r\nHost: evil.example:443\r\n\r\n`),
    ],
  },
  {
    name: '12 KB paths',
    inputs: (host) => [`/${'a'.repeat(12_000)}`, `/search?q=${'b'.repeat(12_000)}`, `/api/v1/templates/${'c'.repeat(12_000)}`, `/templates/${'%41'.repeat(4_000)}`, `/${'a/'.repeat(6_000)}`].map((t) => get(t, host)),
  },
  {
    name: 'header floods',
    inputs: (host) => [
      get('/', host, Array.from({ length: 1000 }, (_, i) => `X-Flood-${i}: ${'y'.repeat(20)}\r\n`).join('')),
      get('/api/v1/templates?limit=1', host, `X-Big: ${'x'.repeat(20_000)}\r\n`),
      get('/search?q=a', host, Array.from({ length: 200 }, () => `Cookie: ${'c=1; '.repeat(20)}\r\n`).join('')),
      get('/', host, `Accept: ${'text/html;q=0.1, '.repeat(1000)}\r\n`),
      get('/', host, 'Transfer-Encoding: chunked\r\nContent-Length: 5\r\n'),
    ],
  },
];
