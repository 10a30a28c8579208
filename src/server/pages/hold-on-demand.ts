import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { CACHE_HEADERS } from '../../core/cdn/cache-policy.ts';
import { compress, MIN_COMPRESSED_BYTES, selectCoding } from '../http/compress.ts';
import { evaluatePreconditions } from '../http/conditional.ts';
import { computeEtag, toCodedEtag } from '../../http/etag.ts';

type Headers = OutgoingHttpHeaders | undefined;

function readHeader(headers: Headers, res: ServerResponse, wanted: string): string | undefined {
  const fromHead = headers && Object.entries(headers).find(([name]) => name.toLowerCase() === wanted)?.[1];
  const value = fromHead ?? res.getHeader(wanted);
  return value === undefined ? undefined : String(value);
}

function setHeaderPairs(res: ServerResponse, pairs: readonly string[]): void {
  for (let i = 0; i < pairs.length; i += 2) res.setHeader(pairs[i]!, pairs[i + 1]!);
}

/**
 * Finishes an on-demand answer (/search, /search.md, /studio) like a prerendered file: its
 * chunks are held until the end (these answers are small), then it gets a Content-Length,
 * the body compressed by Accept-Encoding (br or
 * gzip, from 1 KB), and on a 200 an ETag from the bytes (one per coding; 304 on If-None-Match)
 * and the search pages' cache policy and tags; other statuses are errors (`no-store`) unless the page
 * said otherwise. Returns a function that undoes this (for when no on-demand route answered).
 */
export function holdOnDemandAnswer(req: IncomingMessage, res: ServerResponse, tagHeaders: readonly string[]): () => void {
  const { writeHead, write, end } = res;
  const chunks: Buffer[] = [];
  let held: { status: number; headers: Headers } | undefined;
  const restore = () => Object.assign(res, { writeHead, write, end });
  const toBuffer = (chunk: unknown, encoding?: unknown) =>
    Buffer.isBuffer(chunk) ? chunk : typeof chunk === 'string' ? Buffer.from(chunk, (encoding as BufferEncoding) ?? 'utf8') : Buffer.from(chunk as Uint8Array);

  res.writeHead = ((status: number, ...rest: unknown[]) => {
    held = { status, headers: (typeof rest[0] === 'string' ? rest[1] : rest[0]) as Headers };
    return res;
  }) as typeof res.writeHead;

  res.write = ((chunk: unknown, encoding?: unknown, done?: unknown) => {
    if (!held) return write.call(res, chunk as never, encoding as never, done as never);
    chunks.push(toBuffer(chunk, typeof encoding === 'string' ? encoding : undefined));
    if (typeof encoding === 'function') encoding();
    else if (typeof done === 'function') done();
    return true;
  }) as typeof res.write;

  res.end = ((chunk?: unknown, encoding?: unknown, done?: unknown) => {
    if (!held) return end.call(res, chunk as never, encoding as never, done as never);
    if (chunk !== undefined && typeof chunk !== 'function') chunks.push(toBuffer(chunk, typeof encoding === 'string' ? encoding : undefined));
    const body = Buffer.concat(chunks);
    restore();
    const headers: OutgoingHttpHeaders = { ...held.headers };
    for (const name of Object.keys(headers)) {
      if (/^(content-length|transfer-encoding)$/i.test(name)) delete headers[name];
      else if (/^content-type$/i.test(name) && headers[name] === 'text/html') headers[name] = 'text/html; charset=utf-8';
    }
    let status = held.status;
    if (readHeader(headers, res, 'cache-control') === undefined) {
      setHeaderPairs(res, CACHE_HEADERS[status === 200 ? 'search' : 'none']);
      if (status === 200) setHeaderPairs(res, tagHeaders);
    }
    const coding = body.length >= MIN_COMPRESSED_BYTES && readHeader(headers, res, 'content-encoding') === undefined ? selectCoding(req) : undefined;
    let sent: Buffer | undefined;
    if (status === 200) {
      const etag = toCodedEtag(computeEtag(body), coding);
      res.setHeader('ETag', etag);
      const outcome = evaluatePreconditions(req.method, req.headers, etag);
      if (outcome !== 'proceed') {
        status = outcome === 'not-modified' ? 304 : 412;
        sent = Buffer.alloc(0);
        for (const name of Object.keys(headers)) if (/^content-type$/i.test(name)) delete headers[name];
        res.removeHeader('Content-Type');
      }
    }
    if (!sent) {
      sent = coding ? compress(body, coding) : body;
      if (coding) res.setHeader('Content-Encoding', coding);
    }
    if (status !== 304) res.setHeader('Content-Length', sent.length);
    writeHead.call(res, status, headers);
    const callback = [chunk, encoding, done].find((f) => typeof f === 'function') as (() => void) | undefined;
    return (end as (this: ServerResponse, body: Buffer, done?: () => void) => ServerResponse).call(res, sent, callback);
  }) as typeof res.end;
  return restore;
}
