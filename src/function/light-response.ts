/** A body the Node writer sends as is. */
export type LightBody = string | Uint8Array | null;

/** Writes an answer itself on a Node response (a large file streamed from disk); Node only. */
export type NodeWrite = (res: import('node:http').ServerResponse) => void;

/** What a light answer holds until someone reads it as a Response. */
export interface LightParts {
  status: number;
  /** Header name/value pairs in order, or the live Headers once someone read `headers`. */
  headers: readonly string[] | Headers;
  body: LightBody;
  /** Set on the origin's large files: the Node writer hands the response over instead of writing `body`. */
  write?: NodeWrite;
}

const PARTS = Symbol('light-parts');
/** True when header name `n` is `lower` in any case (lengths first: most names differ there, with no lower-cased copy made). */
const isName = (n: string, lower: string) => n.length === lower.length && n.toLowerCase() === lower;
const NATIVE = Symbol('light-native');

/** A Headers object from name/value pairs, in order (repeated names are appended). */
export function toHeaders(pairs: readonly string[]): Headers {
  const headers = new Headers();
  for (let i = 0; i < pairs.length; i += 2) headers.append(pairs[i]!, pairs[i + 1]!);
  return headers;
}

interface Light {
  [PARTS]?: LightParts;
  [NATIVE]?: Response;
}

function materialize(light: Light): Response {
  const parts = light[PARTS];
  if (!parts) return light[NATIVE]!;
  const headers = parts.headers instanceof Headers ? parts.headers : toHeaders(parts.headers);
  light[NATIVE] = new Response(parts.body as BodyInit | null, { status: parts.status, headers });
  delete light[PARTS];
  return light[NATIVE];
}

/**
 * A Response that holds its status, header pairs and body as given until something reads more
 * than `status`, `ok` or `headers`: the Node writer sends those straight to the socket, which
 * spares each answer a Headers and a Response (~15 µs, a quarter of a get-one on the origin).
 * Anything else (the body, `text()`, `clone()`) makes the real Response once; workerd receives
 * that one (`toNativeResponse`). The idea is @hono/node-server's lightweight Response, without
 * replacing the global one.
 */
class LightResponse implements Light {
  [PARTS]?: LightParts;
  [NATIVE]?: Response;
  constructor(parts: LightParts) {
    this[PARTS] = parts;
  }
  get status(): number {
    return this[PARTS]?.status ?? this[NATIVE]!.status;
  }
  get ok(): boolean {
    const status = this.status;
    return status >= 200 && status < 300;
  }
  get headers(): Headers {
    const parts = this[PARTS];
    if (!parts) return this[NATIVE]!.headers;
    if (!(parts.headers instanceof Headers)) parts.headers = toHeaders(parts.headers);
    return parts.headers;
  }
}
for (const name of ['body', 'bodyUsed', 'redirected', 'statusText', 'type', 'url'] as const) {
  Object.defineProperty(LightResponse.prototype, name, {
    get(this: Light) {
      return materialize(this)[name];
    },
  });
}
for (const name of ['arrayBuffer', 'blob', 'bytes', 'clone', 'formData', 'json', 'text'] as const) {
  Object.defineProperty(LightResponse.prototype, name, {
    value(this: Light) {
      return (materialize(this)[name] as () => unknown).call(this[NATIVE]);
    },
  });
}
Object.setPrototypeOf(LightResponse.prototype, Response.prototype);

/** An answer of `status` with the header pairs and body, light until read as a Response. */
export function respond(status: number, headers: readonly string[], body: LightBody = null, write?: NodeWrite): Response {
  return new LightResponse(write ? { status, headers, body, write } : { status, headers, body }) as unknown as Response;
}

/** The parts of a light answer nobody has read as a Response yet, else undefined. */
export function readLightParts(response: Response): LightParts | undefined {
  return (response as Light)[PARTS];
}

/**
 * Sets a header on an answer: in its pairs while it is light (a repeated name is replaced in
 * place, keeping the order and case it was written in), else on its Headers.
 */
export function setHeader(response: Response, name: string, value: string): void {
  const parts = (response as Light)[PARTS];
  if (!parts || parts.headers instanceof Headers) return void response.headers.set(name, value);
  const pairs = [...parts.headers];
  const lower = name.toLowerCase();
  const at = pairs.findIndex((n, i) => i % 2 === 0 && isName(n, lower));
  if (at === -1) pairs.push(name, value);
  else pairs[at + 1] = value;
  parts.headers = pairs;
}

/**
 * The answer without header `name`: taken from its pairs while it is light, else deleted from
 * its Headers (copied into a new Response first when they are immutable, as a fetched answer's are).
 */
export function removeHeader(response: Response, name: string): Response {
  const parts = (response as Light)[PARTS];
  const lower = name.toLowerCase();
  if (parts && !(parts.headers instanceof Headers)) {
    const pairs = parts.headers;
    if (pairs.some((n, i) => i % 2 === 0 && isName(n, lower))) parts.headers = pairs.filter((_, i) => !isName(pairs[i - (i % 2)]!, lower));
    return response;
  }
  if (!response.headers.has(name)) return response;
  try {
    response.headers.delete(name);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    copy.headers.delete(name);
    return copy;
  }
}

/** One header of an answer, read from its pairs while it is light (no Headers made); null when absent. */
export function readAnswerHeader(response: Response, name: string): string | null {
  const parts = (response as Light)[PARTS];
  if (!parts || parts.headers instanceof Headers) return response.headers.get(name);
  const lower = name.toLowerCase();
  const pairs = parts.headers;
  for (let i = 0; i < pairs.length; i += 2) if (isName(pairs[i]!, lower)) return pairs[i + 1]!;
  return null;
}

/** The real Response (what workerd and other platforms take back). */
export function toNativeResponse(response: Response): Response {
  return response instanceof LightResponse ? materialize(response as Light) : response;
}
