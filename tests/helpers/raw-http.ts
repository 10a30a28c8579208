import { request } from 'node:http';

/** A response as the wire carried it. */
export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** The body's bytes as sent (still compressed when Content-Encoding says so). */
  raw: Buffer;
}

/**
 * Sends `path` exactly as given (no URL normalization, unlike fetch), so `/../x` and
 * `%2e%2e` reach the server untouched.
 */
export function sendRaw(baseUrl: string, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, path, method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: raw.toString('utf8'), raw });
      });
    });
    req.on('error', reject);
    req.end();
  });
}
