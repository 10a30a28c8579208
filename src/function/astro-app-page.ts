import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { AstroPage } from './on-demand-answer.ts';
import { toNativeRequest } from './node-adapter.ts';

type RenderPage = (request: Request, locals: object) => Promise<Response | undefined>;

/**
 * The build's on-demand Astro pages on Node (/search, /studio), on the origin and the Node
 * function alike: the server entry (`DIST_DIR/server/entry.mjs`, src/integrations/app-entry.ts)
 * is Astro's Request → Response app, imported on first use (~150 ms that would otherwise count
 * against every cold start). Undefined when the build has no server entry (a function-only
 * instance of data files): the function then answers without it. A HEAD renders as GET (the
 * writer sends no body).
 */
export function createAstroAppPage(serverEntry: string): AstroPage | undefined {
  if (!existsSync(serverEntry)) return undefined;
  let loading: Promise<RenderPage> | undefined;
  const load = () => (loading ??= import(pathToFileURL(serverEntry).href).then((m: { renderPage: RenderPage }) => m.renderPage));
  return async (request, locals) => {
    const render = await load();
    const native = toNativeRequest(request);
    return render(native.method === 'HEAD' ? new Request(native.url, { headers: native.headers }) : native, locals);
  };
}
