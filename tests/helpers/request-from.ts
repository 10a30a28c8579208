import { request } from 'node:http';

/** An answer with its body's bytes as sent (compressed when Content-Encoding says so). */
export interface SentAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** How a request goes out: from which loopback address (the client's IP), with what. */
export interface RequestFrom {
  /** A loopback address such as 127.0.0.7: a client of its own for rate limits and the edge. */
  from?: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

/** One request on a fresh connection from `from`, body not decoded. */
export function requestFrom(url: string, options: RequestFrom = {}): Promise<SentAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: options.method ?? 'GET', headers: options.headers, localAddress: options.from, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}
