import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';

type Headers = OutgoingHttpHeaders | undefined;

function readType(headers: Headers, res: ServerResponse): string {
  const fromHead = headers && Object.entries(headers).find(([name]) => name.toLowerCase() === 'content-type')?.[1];
  return String(fromHead ?? res.getHeader('content-type') ?? '');
}

/**
 * Lets an on-demand HTML page carry the same exact CSP as a prerendered one: when the
 * response turns out to be HTML, its chunks are held until the end (these pages are small),
 * the inline hashes are computed from the whole document, and it is sent with the policy
 * and a Content-Length. Any other response passes through untouched. Returns a function that
 * undoes this (for when no on-demand route answered).
 */
export function holdHtmlForCsp(res: ServerResponse, buildCsp: (html: string) => string): () => void {
  const { writeHead, write, end } = res;
  const chunks: Buffer[] = [];
  let held: { status: number; headers: Headers } | undefined;
  const restore = () => Object.assign(res, { writeHead, write, end });
  const toBuffer = (chunk: unknown, encoding?: unknown) =>
    Buffer.isBuffer(chunk) ? chunk : typeof chunk === 'string' ? Buffer.from(chunk, (encoding as BufferEncoding) ?? 'utf8') : Buffer.from(chunk as Uint8Array);

  res.writeHead = ((status: number, ...rest: unknown[]) => {
    const headers = (typeof rest[0] === 'string' ? rest[1] : rest[0]) as Headers;
    if (!readType(headers, res).startsWith('text/html')) {
      restore();
      return writeHead.call(res, status, ...(rest as []));
    }
    held = { status, headers };
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
    const hasOwnCsp = Object.keys(headers).some((name) => name.toLowerCase() === 'content-security-policy');
    if (!hasOwnCsp) res.setHeader('Content-Security-Policy', buildCsp(body.toString('utf8')));
    res.setHeader('Content-Length', body.length);
    writeHead.call(res, held.status, headers);
    const callback = [chunk, encoding, done].find((f) => typeof f === 'function') as (() => void) | undefined;
    return (end as (this: ServerResponse, body: Buffer, done?: () => void) => ServerResponse).call(res, body, callback);
  }) as typeof res.end;
  return restore;
}
