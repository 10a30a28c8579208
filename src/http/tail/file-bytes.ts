import { computeEtag } from '../etag.ts';
import { matchesIfNoneMatch } from '../conditional.ts';

/** Header pairs as Web Headers, in their order. */
function toHeaders(pairs: readonly string[]): Headers {
  const headers = new Headers();
  for (let i = 0; i < pairs.length; i += 2) headers.append(pairs[i]!, pairs[i + 1]!);
  return headers;
}

/**
 * A file's answer from its bytes, as the origin answers a file of the build: its headers and
 * the ETag of its bytes, 304 (the headers and ETag) on a matching If-None-Match, no body to
 * HEAD. A Range is not cut (a whole 200 is a valid answer to it).
 */
export function answerFileBytes(request: Request, body: Uint8Array, headers: readonly string[]): Response {
  const etag = computeEtag(body);
  const notModified = [...headers, 'ETag', etag];
  if (matchesIfNoneMatch(request.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers: toHeaders(notModified) });
  const all = toHeaders([...notModified, 'Accept-Ranges', 'bytes', 'Content-Length', String(body.byteLength)]);
  return new Response(request.method === 'HEAD' ? null : (body as Uint8Array<ArrayBuffer>), { status: 200, headers: all });
}
