import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Config } from '../../schemas/config.ts';
import { CORS_HEADERS } from '../http/cors.ts';
import { buildPageSecurityHeaders, createCspBuilder } from '../http/security-headers.ts';
import type { LoadedBuild } from '../lifecycle/load-build.ts';
import type { RouteHandler } from '../routes/route-handler.ts';
import { createAstroPages } from './astro-pages.ts';
import { holdOnDemandAnswer } from './hold-on-demand.ts';
import { toMarkdownPath } from '../../core/links/to-markdown-path.ts';
import { isMarkdownPath, prefersMarkdown } from './markdown-negotiation.ts';
import { createStaticFiles } from './static-files.ts';
import { createAssetSources } from './asset-sources.ts';
import { CACHE_HEADERS } from '../../core/cdn/cache-policy.ts';
import { formatTagHeader, GROUP_TAGS, selectPathTags } from '../../core/cdn/cache-tags.ts';

type Step = (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;

/** The on-demand Markdown twin (/search → /search.md), same query, when `Accept` prefers Markdown. */
async function answerOnDemandTwin(req: IncomingMessage, res: ServerResponse, onDemand: Step, twin: string, search: string): Promise<boolean> {
  const url = req.url;
  req.url = twin + search;
  if (await onDemand(req, res)) return true;
  req.url = url;
  return false;
}

/**
 * The handler of every path outside /api (GET and HEAD; the route table answered the rest):
 * prerendered files (the Markdown twin first when `Accept` prefers it), then on-demand Astro
 * pages, then the 404 page (its twin for Markdown requests).
 */
export function createPageHandler(build: LoadedBuild, config: Config): RouteHandler {
  const buildCsp = createCspBuilder(config);
  const lookup = (ref: string) => build.catalog.byRef.get(ref)?.id;
  const files = createStaticFiles(build.clientDir, {
    buildCsp,
    tagHeaders: (path) => formatTagHeader(config.CACHE_TAG_HEADER, selectPathTags(path, lookup)),
    assetSources: createAssetSources(config, build),
  });
  const onDemand = createAstroPages(build.serverEntry, { catalog: build.catalog, config });
  const onDemandHeaders = [...buildPageSecurityHeaders(buildCsp(undefined)), ...CORS_HEADERS];
  const onDemandTags = formatTagHeader(config.CACHE_TAG_HEADER, [GROUP_TAGS.lists]);
  const prepareOnDemand = (req: IncomingMessage, res: ServerResponse, echo: readonly string[]) => {
    for (const headers of [onDemandHeaders, echo]) for (let i = 0; i < headers.length; i += 2) res.setHeader(headers[i]!, headers[i + 1]!);
    return holdOnDemandAnswer(req, res, buildCsp, onDemandTags);
  };

  return async (req, res, { path, search, echo, route }) => {
    const wantsMarkdown = prefersMarkdown(req.headers.accept);
    const twin = wantsMarkdown ? toMarkdownPath(path) : null;
    if (twin && (await files.serve(req, res, twin, { echo, negotiated: true, cache: route.cache }))) return;
    if (await files.serve(req, res, path, { echo, negotiated: toMarkdownPath(path) !== null, cache: route.cache })) return;
    if (path.startsWith('/')) {
      const undo = prepareOnDemand(req, res, echo);
      if (twin && (await answerOnDemandTwin(req, res, onDemand, twin, search))) return;
      if (await onDemand(req, res)) return;
      undo();
    }
    const notFound = wantsMarkdown || isMarkdownPath(path) ? '/404.md' : '/404';
    if (await files.serve(req, res, notFound, { echo, status: 404 })) return;
    res.writeHead(404, [...echo, 'Content-Type', 'text/plain; charset=utf-8', ...CACHE_HEADERS.none]);
    res.end('Not found\n');
  };
}
