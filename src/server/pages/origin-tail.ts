import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { createTailAnswers } from '../../http/tail/answer-tail.ts';
import type { Config } from '../../schemas/config.ts';
import type { LoadedBuild } from '../lifecycle/load-build.ts';
import { createTemplatePageRenderer } from '../../http/tail/render-template-page.ts';
import { createNodeAstroPage } from './astro-request.ts';
import { createSocialImageDrawer } from './draw-social-image.ts';

/** Answers a path of the tail on `res` (with the request's echo); false when it names none. */
export type OriginTail = (req: IncomingMessage, res: ServerResponse, path: string, echo: readonly string[]) => Promise<boolean>;

/**
 * The tail's files on the origin (src/http/tail): the answers the function gives, written on the
 * Node response. The pipeline that serves both runtimes from one Web handler replaces this
 * adapter by calling the tail answer before its 404.
 */
export function createOriginTail(build: LoadedBuild, config: Config, csp: string): OriginTail {
  const astroPage = createNodeAstroPage(build.serverEntry);
  const answer = createTailAnswers({
    renderPage: astroPage && createTemplatePageRenderer(astroPage, { catalog: build.catalog, config }),
    drawSocialImage: createSocialImageDrawer(),
    catalog: build.catalog,
    siteUrl: config.SITE_URL,
    csp,
    tagHeader: config.CACHE_TAG_HEADER,
    readFile: (path) => readFile(join(build.clientDir, path)).catch(() => undefined),
  });
  return async (req, res, path, echo) => {
    const headers = new Headers();
    for (const name of ['if-none-match', 'accept', 'accept-language']) if (req.headers[name]) headers.set(name, String(req.headers[name]));
    const request = new Request(new URL(path, config.SITE_URL), { method: req.method === 'HEAD' ? 'HEAD' : 'GET', headers });
    const response = await answer(request, path);
    if (!response) return false;
    const pairs = [...echo];
    response.headers.forEach((value, name) => pairs.push(name, value));
    res.writeHead(response.status, pairs);
    res.end(Buffer.from(await response.arrayBuffer()));
    return true;
  };
}
