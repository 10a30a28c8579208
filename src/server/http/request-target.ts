import type { IncomingMessage } from 'node:http';

/** The path and the query of a request, read once per request. */
export interface RequestTarget {
  /** The path as sent (still percent-encoded), without the query. */
  path: string;
  /** The query with its `?`, or ''. */
  search: string;
}

/**
 * RFC 9112 §3.2.2: a server must accept a request target in absolute form
 * (`GET http://host/path`). Everything downstream (sirv, Astro) reads origin form.
 */
function toOriginForm(url: string): string {
  const authority = /^https?:\/\/[^/?#]*/i.exec(url);
  if (!authority) return url;
  const rest = url.slice(authority[0].length);
  return rest.startsWith('/') ? rest : `/${rest}`;
}

/**
 * Splits the request target into path and query, the one parse of the URL a request gets.
 * An absolute-form target is rewritten to origin form in `req.url` first.
 */
export function readTarget(req: IncomingMessage): RequestTarget {
  let url = req.url ?? '/';
  if (url[0] !== '/') req.url = url = toOriginForm(url);
  const q = url.indexOf('?');
  return q === -1 ? { path: url, search: '' } : { path: url.slice(0, q), search: url.slice(q) };
}
