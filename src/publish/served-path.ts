/**
 * Which address serves which file of a build's `client/` folder. The static file server
 * (sirv with `extensions: ['html']`, src/server/pages/static-files.ts) tries, for a request
 * path `/p`: `p`, `p/index`, `p.html`, `p/index.html`, after decodeURI and with `.br`/`.gz`
 * siblings by Accept-Encoding. This is that resolution run backwards, so a change list names
 * the addresses a client (and a CDN) really uses.
 */

/** Dot-segments (`/.env`, `/..`): only /.well-known is public. */
const HIDDEN_SEGMENT = /(^|\/)\.(?!well-known(?:\/|$))/;
/** Characters a request path cannot carry to sirv unchanged (query, fragment, Windows separator). */
const UNADDRESSABLE = /[?#\\\n\t]/;

/** The static hosts' files the build writes at the top of `client/`: read by a host, never served. */
export const HOST_FILES: readonly string[] = ['_headers', '_redirects', '.assetsignore'];

/** True for a request path naming one of the host files. */
export function isHostFile(path: string): boolean {
  return path.startsWith('/') && HOST_FILES.includes(path.slice(1));
}

/** True for a path (request path or file) with a dot-segment other than `.well-known`: never served. */
export function isHiddenPath(path: string): boolean {
  return HIDDEN_SEGMENT.test(path);
}

/**
 * The canonical URL path of `file` (relative to `client/`, `/`-separated): `index.html` → `/`,
 * `templates/x.html` → `/templates/x`, `x.md` → `/x.md`, `api/v1/templates/tpl-1` →
 * `/api/v1/templates/tpl-1`. Null for hidden files, which no request reaches. A precompressed
 * sibling is its original's bytes in another encoding: callers leave it out (a manifest lists
 * originals only).
 */
export function toServedPath(file: string): string | null {
  if (isHiddenPath(file) || UNADDRESSABLE.test(file) || HOST_FILES.includes(file)) return null;
  let path = file;
  if (path === 'index.html') return '/';
  if (path.endsWith('/index.html')) path = path.slice(0, -'/index.html'.length);
  else if (path.endsWith('.html')) path = path.slice(0, -'.html'.length);
  return encodeURI(`/${path}`);
}
