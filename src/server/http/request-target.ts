/**
 * RFC 9112 §3.2.2: a server must accept a request target in absolute form
 * (`GET http://host/path`). Everything downstream (sirv, Astro) reads origin form.
 */
export function toOriginForm(url: string): string {
  const authority = /^https?:\/\/[^/?#]*/i.exec(url);
  if (!authority) return url;
  const rest = url.slice(authority[0].length);
  return rest.startsWith('/') ? rest : `/${rest}`;
}

/** The path and the query (with its `?`, or '') of an origin-form target. */
export function splitUrl(url: string): [path: string, search: string] {
  const q = url.indexOf('?');
  return q === -1 ? [url, ''] : [url.slice(0, q), url.slice(q)];
}
