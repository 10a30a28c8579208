import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Config } from '../../schemas/config.ts';
import { CORS_HEADERS } from '../../core/cors-headers.ts';
import { createPageCsp } from '../http/security-headers.ts';
import { buildPageSecurityHeaders, COMMON_SECURITY_HEADERS } from '../../core/page-security.ts';
import { PUBLISHED_REDIRECTS } from '../../contracts/discovery/discovery-paths.ts';
import type { LoadedBuild } from '../lifecycle/load-build.ts';
import type { RouteHandler } from '../routes/route-handler.ts';
import { createAstroPages } from './astro-pages.ts';
import { holdOnDemandAnswer } from './hold-on-demand.ts';
import { toMarkdownPath } from '../../core/links/to-markdown-path.ts';
import { isMarkdownPath, prefersMarkdown } from '../../http/markdown-negotiation.ts';
import { createLinkHeaders } from './page-links.ts';
import { createOnDemandLinks } from '../../http/on-demand-links.ts';
import { createServerCardHandler } from './server-card-route.ts';
import { createStaticFiles, type StaticFiles } from './static-files.ts';
import { createAssetSources } from './asset-sources.ts';
import { CACHE_HEADERS } from '../../core/cdn/cache-policy.ts';
import { formatTagHeader, GROUP_TAGS } from '../../core/cdn/cache-tags.ts';
import { selectPathTags } from '../../contracts/routes/route-tags.ts';
import { createOriginTail } from './origin-tail.ts';

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
 * A superseded address (the MCP Catalog draft's catalog.json): 301 to the current document,
 * readable cross-origin so a browser-based agent follows it, cached as its route says.
 */
function createRedirectHandler(tagHeaders: (path: string) => readonly string[]): RouteHandler {
  return (_req, res, { path, echo, route }) => {
    const target = PUBLISHED_REDIRECTS[path]!;
    res.writeHead(301, [...echo, 'Location', target, 'Content-Type', 'text/plain; charset=utf-8', ...CACHE_HEADERS[route.cache], ...tagHeaders(path), ...CORS_HEADERS, ...COMMON_SECURITY_HEADERS]);
    res.end(`Moved to ${target}\n`);
  };
}

/**
 * The handlers of the build's files: every path outside /api (GET and HEAD; the route table
 * answered the rest), the server card beside the MCP endpoint, and the redirects.
 */
export function createPageHandlers(build: LoadedBuild, config: Config) {
  const csp = createPageCsp(config);
  const lookup = (ref: string) => build.catalog.byRef.get(ref)?.id;
  const tagHeaders = (path: string) => formatTagHeader(config.CACHE_TAG_HEADER, selectPathTags(path, lookup));
  const files = createStaticFiles(build.clientDir, {
    csp,
    tagHeaders,
    assetSources: createAssetSources(config, build),
    linkFor: createLinkHeaders(config.SITE_URL, build.clientDir),
  });
  return { files: createPageHandler(build, config, files, csp), 'mcp-card': createServerCardHandler(files), redirect: createRedirectHandler(tagHeaders) } satisfies Record<string, RouteHandler>;
}

/**
 * Prerendered files (the Markdown twin first when `Accept` prefers it), then on-demand Astro
 * pages, then the 404 page (its twin for Markdown requests).
 */
function createPageHandler(build: LoadedBuild, config: Config, files: StaticFiles, csp: string): RouteHandler {
  const onDemand = createAstroPages(build.serverEntry, { catalog: build.catalog, config });
  const tail = createOriginTail(build, config, csp);
  const onDemandLink = createOnDemandLinks(config.SITE_URL);
  const onDemandHeaders = [...buildPageSecurityHeaders(csp), ...CORS_HEADERS];
  const onDemandTags = formatTagHeader(config.CACHE_TAG_HEADER, [GROUP_TAGS.lists]);
  const prepareOnDemand = (req: IncomingMessage, res: ServerResponse, echo: readonly string[]) => {
    for (const headers of [onDemandHeaders, echo]) for (let i = 0; i < headers.length; i += 2) res.setHeader(headers[i]!, headers[i + 1]!);
    return holdOnDemandAnswer(req, res, onDemandTags);
  };

  return async (req, res, { path, search, echo, route }) => {
    const wantsMarkdown = prefersMarkdown(req.headers.accept);
    const twin = wantsMarkdown ? toMarkdownPath(path) : null;
    if (twin && (await files.serve(req, res, twin, { echo, cache: route.cache }))) return;
    if (twin && (await tail(req, res, twin, echo))) return;
    if (await files.serve(req, res, path, { echo, cache: route.cache })) return;
    if (await tail(req, res, path, echo)) return;
    // Template pages render on demand only through the tail (with a file's headers), never as an on-demand answer.
    if (path.startsWith('/') && !path.startsWith('/templates/')) {
      const undo = prepareOnDemand(req, res, echo);
      if (twin) res.setHeader('Link', onDemandLink(twin, search));
      if (twin && (await answerOnDemandTwin(req, res, onDemand, twin, search))) return;
      res.setHeader('Link', onDemandLink(path, search));
      if (await onDemand(req, res)) return;
      undo();
    }
    const notFound = wantsMarkdown || isMarkdownPath(path) ? '/404.md' : '/404';
    if (await files.serve(req, res, notFound, { echo, status: 404, cache: route.cache })) return;
    res.writeHead(404, [...echo, 'Content-Type', 'text/plain; charset=utf-8', ...CACHE_HEADERS.none]);
    res.end('Not found\n');
  };
}
