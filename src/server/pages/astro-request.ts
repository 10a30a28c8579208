import { existsSync } from 'node:fs';
import { IncomingMessage, ServerResponse, type OutgoingHttpHeaders } from 'node:http';
import { Socket } from 'node:net';
import { pathToFileURL } from 'node:url';
import type { Catalog } from '../../core/catalog/catalog.ts';
import type { Config } from '../../schemas/config.ts';

/** Renders an on-demand Astro page through the build's server entry, as a Web Request to a Web Response. */
export type AstroPage = (request: Request, locals: { catalog: Catalog; config: Config }) => Promise<Response>;

type AstroHandler = (req: IncomingMessage, res: ServerResponse, next: () => void, locals: object) => Promise<void>;

/** A Node request of the Web Request's method, target and headers, as Astro's Node handler reads one. */
function toNodeRequest(request: Request): IncomingMessage {
  const req = new IncomingMessage(new Socket());
  const url = new URL(request.url);
  req.method = request.method === 'HEAD' ? 'GET' : request.method;
  req.url = url.pathname + url.search;
  req.headers = Object.fromEntries(request.headers);
  req.headers.host ??= url.host;
  req.push(null);
  return req;
}

/**
 * The build's on-demand Astro pages on Node (the pages the origin renders: /search, /studio),
 * through the server entry the origin runs (`DIST_DIR/server/entry.mjs`, imported on first use),
 * its answer held and handed back as a Web Response. Undefined when the build has no server
 * entry (a function-only instance of data files): the function then answers without it.
 */
export function createNodeAstroPage(serverEntry: string): AstroPage | undefined {
  if (!existsSync(serverEntry)) return undefined;
  let loading: Promise<AstroHandler> | undefined;
  const load = () => (loading ??= import(pathToFileURL(serverEntry).href).then((m: { handler: AstroHandler }) => m.handler));
  return async (request, locals) => {
    const handler = await load();
    const req = toNodeRequest(request);
    const res = new ServerResponse(req);
    const chunks: Buffer[] = [];
    let head: OutgoingHttpHeaders = {};
    return new Promise<Response>((resolve, reject) => {
      res.writeHead = ((status: number, ...rest: unknown[]) => {
        res.statusCode = status;
        head = ((typeof rest[0] === 'string' ? rest[1] : rest[0]) ?? {}) as OutgoingHttpHeaders;
        return res;
      }) as typeof res.writeHead;
      res.write = ((chunk: Uint8Array | string) => chunks.push(Buffer.from(chunk))) as unknown as typeof res.write;
      res.end = ((chunk?: Uint8Array | string) => {
        if (chunk && typeof chunk !== 'function') chunks.push(Buffer.from(chunk));
        const headers = new Headers();
        for (const [name, value] of Object.entries({ ...res.getHeaders(), ...head })) {
          if (value !== undefined) for (const one of [value].flat()) headers.append(name, String(one));
        }
        resolve(new Response(Buffer.concat(chunks), { status: res.statusCode, headers }));
        return res;
      }) as typeof res.end;
      handler(req, res, () => reject(new Error(`No on-demand page answers ${req.url}`)), locals).catch(reject);
    });
  };
}

