import { readConfig } from '../config/read-config.ts';
import { REQUEST_ID } from '../core/header-names.ts';
import { CACHE_HEADERS } from '../core/cdn/cache-policy.ts';
import { COMMON_SECURITY_HEADERS, EVERY_ANSWER_HEADERS } from '../http/page-headers.ts';
import { buildContentSecurityPolicy, buildPageSecurityHeaders } from '../core/page-security.ts';
import { matchRoute } from '../contracts/routes/match-route.ts';
import type { RateLimitBucketName } from '../contracts/routes/route-table.ts';
import { getAnswerMemo } from '../contracts/mcp/memo-results.ts';
import { createRestAnswers, type RestAnswers } from '../http/api/rest-answers.ts';
import type { Compress } from '../http/content-coding.ts';
import { CORS_HEADERS } from '../core/cors-headers.ts';
import { buildDeprecationHeaders } from '../http/deprecation.ts';
import { toErrorReply, type ReportUnexpected } from '../http/error-reply.ts';
import { buildRateLimitHeaders, formatPolicy, pickRateLimitHeaders, type RateLimitState } from '../http/rate-limit.ts';
import { createRateLimitedReply } from '../http/rate-limited-reply.ts';
import { createRequestId, keepRequestId } from '../core/request-id.ts';
import { allowsMethod, createMethodNotAllowed, isVersioned, preflightHeadersOf } from '../http/route-rules.ts';
import type { Config } from '../schemas/config.ts';
import { chargeEach } from '../http/mcp/bound-mcp-message.ts';
import { createPageAnswers, type StaticHalf } from './answer-pages.ts';
import type { AstroPage } from './on-demand-answer.ts';
import { loadFunctionData, type DataSource, type FunctionData } from './load-function-data.ts';
import { HTML_REWRITER, type RewriterClass } from './html-rewrite.ts';
import { toWebResponse } from './web-reply.ts';
import { readLightParts, respond, setHeader } from './light-response.ts';
import { readRawPath, readSearch } from './read-target.ts';
import { createTailAnswers, type TailSource } from '../http/tail/answer-tail.ts';
import { createTemplatePageRenderer } from '../http/tail/render-template-page.ts';

/** What a runtime gives the pipeline: its data, its limiter, its static half and its log. */
export interface FunctionPlatform {
  /** The build's data files (the static half through ASSETS on workerd, DIST_DIR on Node); or `data`. */
  source?: DataSource;
  /** The build's data already loaded (the origin's build, checked by its loader). */
  data?: FunctionData;
  /** The configuration variables (SITE_URL comes from the build); or `config`. */
  env?: Record<string, string | undefined>;
  /** The configuration already read (the origin's). */
  config?: Config;
  /** Counts one request of `bucket` for the client and says whether it may proceed. */
  limit(bucket: RateLimitBucketName, request: Request): Promise<RateLimitState>;
  staticHalf: StaticHalf;
  /** The build's on-demand Astro pages, where the runtime runs them (Node with the server entry). */
  astroPage?: AstroPage | undefined;
  /** Renders a tail template page where the runtime has no astroPage of its own (workerd: the tail renderer). */
  renderTailPage?: TailSource['renderPage'];
  /** Draws a social image's PNG from its SVG as the build does, where the runtime can (src/http/tail). */
  drawSocialImage?: TailSource['drawSocialImage'];
  /** An HTMLRewriter where the runtime has none of its own (Node); workerd's is found by itself. */
  rewriter?: RewriterClass;
  /** The runtime's compressor (Node): JSON, Markdown and on-demand pages go out in the client's coding. */
  compress?: Compress;
  /** Registers a cache for the metrics (the origin's /metrics reads hit ratios). */
  registerCache?: (name: string, cache: { readonly hits: number; readonly misses: number; readonly bytes?: number }) => void;
  report: ReportUnexpected;
}

/** What the runtime already decided for a request: its id and the headers every answer carries first. */
export interface RequestGiven {
  requestId?: string;
  /** Header pairs every answer carries, the X-Request-Id first (the origin's include HSTS behind HTTPS). */
  echo?: readonly string[];
}

/** The pipeline as a runtime calls it. */
export interface FetchHandler {
  fetch(request: Request, given?: RequestGiven): Promise<Response>;
  /**
   * Loads and checks the data now and builds the search's lookups (Node does at start-up, so a
   * bad build stops it with a message; workerd after its first answer).
   */
  ready(): Promise<void>;
}

/** Headers of every answer the pipeline writes itself (the static half brings its own). */
const JSON_HEADERS = [...CORS_HEADERS, ...COMMON_SECURITY_HEADERS];
/** Probes are read from anywhere and never cached, as the origin's. */
const PROBE_HEADERS = ['Access-Control-Allow-Origin', '*', ...CACHE_HEADERS.none];
/** Headers a published file carries itself: sent once, not again from the route's common ones. */
const FILE_OWNED = new Set(['access-control-allow-origin', 'access-control-expose-headers', 'x-content-type-options']);
type RestId = keyof RestAnswers;

/** The static half's answer with the request's X-Request-Id (the pipeline answers with one, whatever it passes on). */
function withRequestId(response: Response, requestId: string): Response {
  const light = readLightParts(response);
  if (light && Array.isArray(light.headers)) {
    // The origin's static half wrote the request's own headers first: nothing to add.
    if (light.headers[0] === REQUEST_ID && light.headers[1] === requestId) return response;
    setHeader(response, REQUEST_ID, requestId);
    return response;
  }
  if (response.headers.get(REQUEST_ID) === requestId) return response;
  const copy = new Response(response.body, response);
  copy.headers.set(REQUEST_ID, requestId);
  return copy;
}

/** Makes the serving state once: config, data, answers. A failed load is retried by the next request. */
async function prepare(platform: FunctionPlatform) {
  const data = platform.data ?? (await loadFunctionData(platform.source!));
  const config = { ...(platform.config ?? readConfig(platform.env ?? {})), SITE_URL: data.siteUrl };
  const csp = buildContentSecurityPolicy({ site: config.SITE_URL, media: config.MEDIA_URL, studio: config.STUDIO_URL });
  platform.registerCache?.('mcp-answers', getAnswerMemo(data.catalog));
  const tail = platform.source && createTailAnswers({
    catalog: data.catalog, siteUrl: config.SITE_URL, csp, tagHeader: config.CACHE_TAG_HEADER, readFile: platform.source.read,
    // Node renders the tail's pages with the build's Astro route; workerd asks its tail renderer.
    renderPage: platform.astroPage ? createTemplatePageRenderer(platform.astroPage, { catalog: data.catalog, config }) : platform.renderTailPage,
    drawSocialImage: platform.drawSocialImage,
  });
  return {
    config,
    catalog: data.catalog,
    rest: createRestAnswers(data.catalog, config, platform.registerCache && ((cache) => platform.registerCache!('rest-list', cache))),
    pages: createPageAnswers({ catalog: data.catalog, config, staticHalf: platform.staticHalf, astroPage: platform.astroPage, rewriter: platform.rewriter ?? HTML_REWRITER, compress: platform.compress, tail }),
    deprecation: buildDeprecationHeaders(config),
    // The on-demand pages' headers (/search, /search.md), as the origin sends them: the pages' one CSP included.
    pageHeaders: [...buildPageSecurityHeaders(csp), ...CORS_HEADERS],
    policies: { rest: formatPolicy(config.REST_RATE_LIMIT), mcp: formatPolicy(config.MCP_RATE_LIMIT) },
  };
}

/**
 * The one request pipeline of every runtime (workerd, the Node function, the origin): a
 * Web-standard fetch handler driven by the route table and the rules of src/http: OPTIONS
 * answered on every route, the route's bucket counted (429 past it), the one 405, then REST,
 * MCP, the on-demand pages and Markdown by Accept; files go to the runtime's static half.
 * Anything thrown becomes the one Error reply, never a stack trace.
 */
export function createFetchHandler(platform: FunctionPlatform): FetchHandler {
  let ready: ReturnType<typeof prepare> | undefined;
  const serving = () => (ready ??= prepare(platform).catch((err: unknown) => {
    ready = undefined;
    throw err;
  }));
  const { compress, report } = platform;
  // Imported on the first MCP request, then kept: a dynamic import per request cost ~13 µs.
  let mcpModule: typeof import('./answer-mcp.ts') | undefined;

  const fetch = async (request: Request, given: RequestGiven = {}): Promise<Response> => {
    const path = readRawPath(request.url);
    const { route, param } = matchRoute(path);
    const requestId = given.requestId ?? keepRequestId(request.headers.get('x-request-id')) ?? createRequestId();
    const echo = given.echo ?? [REQUEST_ID, requestId, ...EVERY_ANSWER_HEADERS];
    const context = { method: request.method, path, requestId };
    let common = [...echo, ...JSON_HEADERS];
    try {
      const s = await serving();
      const versioned = isVersioned(route);
      if (request.method === 'OPTIONS') return respond(204, [...preflightHeadersOf(route), ...echo, ...(versioned ? s.deprecation : [])]);
      if (versioned) common = [...common, ...s.deprecation];
      if (route.bucket) {
        const state = await platform.limit(route.bucket, request);
        common = [...common, ...buildRateLimitHeaders(state, s.policies[route.bucket])];
        if (!state.allowed) return toWebResponse(request, createRateLimitedReply(route, state, { ...context, accept: request.headers.get('accept'), siteUrl: s.config.SITE_URL, report }), common, compress);
      }
      if (!allowsMethod(route, request.method)) {
        const reply = toErrorReply(createMethodNotAllowed(route, request.method, path), context, report);
        return toWebResponse(request, reply, [...common, 'Allow', route.allow], compress);
      }
      // The REST answers object is the list of REST handlers: a route whose handler it holds is one.
      if (Object.hasOwn(s.rest, route.handler)) {
        const input = { path, search: readSearch(request.url), param };
        try {
          return toWebResponse(request, s.rest[route.handler as RestId](input), common, compress);
        } catch (err) {
          return toWebResponse(request, toErrorReply(err, context, report), common, compress);
        }
      }
      if (route.handler === 'health' || route.handler === 'readiness') {
        const body = JSON.stringify({ status: route.handler === 'health' ? 'ok' : 'ready', templates: s.catalog.templates.length });
        return respond(200, [...echo, ...PROBE_HEADERS, 'Content-Type', 'application/json'], request.method === 'HEAD' ? null : body);
      }
      // The MCP SDK is imported on the first MCP request, out of the cold start.
      if (route.handler === 'mcp') return await (mcpModule ??= await import('./answer-mcp.ts')).answerMcp(request, s, common, requestId, report, chargeEach(() => platform.limit('mcp', request)));
      // Every file route: a page, or a file the host holds (its 404 is the 404 page, as the origin's).
      // A page that runs an operation carries its bucket's rate-limit headers (the route table's `bucket`).
      const pageEcho = route.bucket ? [...echo, ...pickRateLimitHeaders(common)] : echo;
      if (route.handler === 'files') return withRequestId(await s.pages(request, path, route.cache, pageEcho, s.pageHeaders), requestId);
      // The MCP server card (counted against the MCP bucket) and the published redirects: the static half's files and rules.
      const extra = route.handler === 'mcp-card' ? common.filter((_, i, all) => (i % 2 === 0 ? !FILE_OWNED.has(all[i]!.toLowerCase()) : !FILE_OWNED.has(all[i - 1]!.toLowerCase()))) : echo;
      return withRequestId(await platform.staticHalf(request, path, { cache: route.cache, echo: extra }), requestId);
    } catch (err) {
      return toWebResponse(request, toErrorReply(err, context, report), common, compress);
    }
  };
  return { fetch, ready: async () => (await serving()).catalog.prepareSearch() };
}
