import autocannon, { type Request } from 'autocannon';

/** One request shape a scenario sends. */
export interface RequestSpec {
  path: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

/** One entry of a load: a request shape, optionally varied per request (`next` gives the path). */
export interface MixedSpec extends RequestSpec {
  next?: () => string;
  /** Varies each request's body instead (distinct MCP calls). */
  nextBody?: () => string;
}

/** What one bounded load run measured. */
export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
  non2xx: number;
}

/**
 * A bounded autocannon load on loopback: `seconds` long (or `amount` requests) at
 * `connections`; each connection cycles through the specs (mixed traffic).
 */
export async function runMixedLoad(
  base: string,
  specs: MixedSpec[],
  opts: { seconds: number; connections: number; amount?: number },
): Promise<LoadResult> {
  if (!/^http:\/\/(127\.|localhost|\[::1\])/.test(base)) throw new Error(`refusing to load a non-loopback address: ${base}`);
  const result = await autocannon({
    url: base,
    connections: opts.connections,
    ...(opts.amount ? { amount: opts.amount } : { duration: opts.seconds }),
    requests: specs.map((s) => ({
      method: s.method ?? 'GET',
      path: s.path,
      headers: s.headers,
      body: s.body,
      ...(s.next ? { setupRequest: (req: Request) => ({ ...req, path: s.next!() }) } : {}),
      ...(s.nextBody ? { setupRequest: (req: Request) => ({ ...req, body: s.nextBody!() }) } : {}),
    })),
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** One request shape, or `next()` to vary each request's path (distinct queries). */
export function runLoad(
  base: string,
  spec: RequestSpec,
  opts: { seconds: number; connections: number; next?: () => string; nextBody?: () => string; amount?: number },
): Promise<LoadResult> {
  return runMixedLoad(base, [{ ...spec, ...(opts.next ? { next: opts.next } : {}), ...(opts.nextBody ? { nextBody: opts.nextBody } : {}) }], opts);
}
