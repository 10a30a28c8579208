/**
 * A Headers over a Node request's raw header lines, read without making a Headers until
 * something needs more than `get` and `has`: every request reads a few headers (request id,
 * Accept-Encoding, If-None-Match, Accept), and a real Headers of Node's lines validates and
 * copies every name and value: four reads over five lines took 0.9–1.1 µs with one, 0.12–0.14 µs
 * without (in-process loop); 4.5 % of a repeated REST search's CPU on the origin under load
 * (`PROFILE_PATH=... node scripts/bench/profile-mcp.ts`). Node's parser has checked the names and
 * values already. `get` joins repeated lines with ", " as Headers does.
 */

const RAW = Symbol('raw');
const NATIVE = Symbol('native');

interface Lazy {
  [RAW]: readonly string[];
  [NATIVE]?: Headers;
}

/** The real Headers of the lines: what is not a plain read goes to it (a value Headers refuses is left out, as a proxy would). */
function materialize(lazy: Lazy): Headers {
  if (lazy[NATIVE]) return lazy[NATIVE];
  const headers = new Headers();
  const raw = lazy[RAW];
  for (let i = 0; i < raw.length; i += 2) {
    try {
      headers.append(raw[i]!, raw[i + 1]!);
    } catch {
      // Node's parser let it through, Headers does not.
    }
  }
  return (lazy[NATIVE] = headers);
}

class NodeHeaders implements Lazy {
  readonly [RAW]: readonly string[];
  [NATIVE]?: Headers;
  constructor(raw: readonly string[]) {
    this[RAW] = raw;
  }
  get(name: string): string | null {
    if (this[NATIVE]) return this[NATIVE].get(name);
    const lower = name.toLowerCase();
    const raw = this[RAW];
    let value: string | null = null;
    for (let i = 0; i < raw.length; i += 2) {
      const line = raw[i]!;
      if (line.length === lower.length && line.toLowerCase() === lower) value = value === null ? raw[i + 1]! : `${value}, ${raw[i + 1]!}`;
    }
    return value;
  }
  has(name: string): boolean {
    return this.get(name) !== null;
  }
}
for (const name of ['append', 'delete', 'entries', 'forEach', 'getSetCookie', 'keys', 'set', 'values', Symbol.iterator] as const) {
  Object.defineProperty(NodeHeaders.prototype, name, {
    value(this: Lazy, ...args: unknown[]) {
      const native = materialize(this);
      return (native[name] as (...a: unknown[]) => unknown).apply(native, args);
    },
  });
}
Object.setPrototypeOf(NodeHeaders.prototype, Headers.prototype);

/** Headers over Node's raw header lines (IncomingMessage.rawHeaders), made real on first need. */
export function readNodeHeaders(raw: readonly string[]): Headers {
  return new NodeHeaders(raw) as unknown as Headers;
}

/** The real Headers behind headers readNodeHeaders made (or the headers themselves), for platform code that takes only a Headers. */
export function toNativeHeaders(headers: Headers): Headers {
  return headers instanceof NodeHeaders ? materialize(headers) : headers;
}
