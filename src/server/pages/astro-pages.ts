import type { IncomingMessage, ServerResponse } from 'node:http';
import { pathToFileURL } from 'node:url';

type AstroHandler = (req: IncomingMessage, res: ServerResponse, next: () => void, locals: object) => Promise<void>;

/** Methods the Fetch standard forbids in a Request. */
const FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);

/**
 * False for requests a Web `Request` cannot represent: a forbidden method (TRACE) or a Host
 * with credentials (`user@host` makes a URL undici refuses). Astro builds a Request for every
 * request it sees and answered these with a 500; no on-demand page takes them, so they go on
 * to the 404 page instead.
 */
function isFetchable(req: IncomingMessage): boolean {
  return !FORBIDDEN_METHODS.has(req.method ?? '') && !req.headers.host?.includes('@');
}

/**
 * On-demand pages (the ones not prerendered) through @astrojs/node's middleware handler.
 * The entry is imported on first use: it costs ~150 ms, which would otherwise count
 * against every cold start. Resolves false when no on-demand route matches.
 */
export function createAstroPages(serverEntry: string, locals: App.Locals): (req: IncomingMessage, res: ServerResponse) => Promise<boolean> {
  let loading: Promise<AstroHandler> | undefined;
  const load = () => (loading ??= import(pathToFileURL(serverEntry).href).then((m: { handler: AstroHandler }) => m.handler));
  return async (req, res) => {
    if (!isFetchable(req)) return false;
    const handler = await load();
    return new Promise<boolean>((resolve, reject) => {
      let passed = false;
      handler(req, res, () => {
        passed = true;
        resolve(false);
      }, locals).then(() => passed || resolve(true), reject);
    });
  };
}
