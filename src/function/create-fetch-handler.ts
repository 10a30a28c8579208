import { readConfig } from '../config/read-config.ts';
import { REQUEST_ID } from '../core/header-names.ts';
import { CACHE_HEADERS } from '../core/cdn/cache-policy.ts';
import { COMMON_SECURITY_HEADERS, EVERY_ANSWER_HEADERS } from '../http/page-headers.ts';
import { buildContentSecurityPolicy, buildPageSecurityHeaders } from '../core/page-security.ts';
import { matchRoute } from '../contracts/routes/match-route.ts';
import type { RateLimitBucketName } from '../contracts/routes/route-table.ts';
import { createRestAnswers, type RestAnswers } from '../http/api/rest-answers.ts';
import { CORS_HEADERS } from '../core/cors-headers.ts';
import { buildDeprecationHeaders } from '../http/deprecation.ts';
import { toErrorReply, type ReportUnexpected } from '../http/error-reply.ts';
import { buildRateLimitHeaders, createRateLimited, formatPolicy, type RateLimitState } from '../http/rate-limit.ts';
import { createRequestId, keepRequestId } from '../core/request-id.ts';
import { allowsMethod, createMethodNotAllowed, isVersioned, preflightHeadersOf } from '../http/route-rules.ts';
import { answerMcp } from './answer-mcp.ts';
import { createPageAnswers, type StaticHalf } from './answer-pages.ts';
import type { AstroPage } from './on-demand-answer.ts';
import { loadFunctionData, type DataSource } from './load-function-data.ts';
import { HTML_REWRITER, type RewriterClass } from './html-rewrite.ts';
import { toHeaders, toWebResponse } from './web-reply.ts';
import { createTailAnswers, type TailSource } from '../http/tail/answer-tail.ts';
import { createTemplatePageRenderer } from '../http/tail/render-template-page.ts';

/** What a runtime gives the function: its data, its limiter, its static half and its log. */
export interface FunctionPlatform {
  /** The build's data files (the static half through ASSETS on workerd, DIST_DIR on Node). */
  source: DataSource;
  /** The configuration variables (SITE_URL comes from the build). */
  env: Record<string, string | undefined>;
  /** Counts one request of `bucket` for the client and says whether it may proceed. */
  limit(bucket: RateLimitBucketName, request: Request): Promise<RateLimitState>;
  staticHalf: StaticHalf;
  /** The build's on-demand Astro pages, where the runtime runs them (Node with the server entry). */
  astroPage?: AstroPage | undefined;
  /** Draws a social image's PNG from its SVG as the build does, where the runtime can (src/http/tail). */
  drawSocialImage?: TailSource['drawSocialImage'];
  /** An HTMLRewriter where the runtime has none of its own (Node); workerd's is found by itself. */
  rewriter?: RewriterClass;
  report: ReportUnexpected;
}

/** The function as a runtime calls it. */
export interface FetchHandler {
  fetch(request: Request): Promise<Response>;
  /**
   * Loads and checks the data now and builds the search's lookups (Node does at start-up, so a
   * bad build stops it with a message; workerd after its first answer).
   */
  ready(): Promise<void>;
}

/** Headers of every answer the function writes itself (the static half brings its own). */
const JSON_HEADERS = [...CORS_HEADERS, ...COMMON_SECURITY_HEADERS];
/** Probes are read from anywhere and never cached, as the origin's. */
const PROBE_HEADERS = ['Access-Control-Allow-Origin', '*', ...CACHE_HEADERS.none];
type RestId = keyof RestAnswers;

/** The static half's answer with the request's X-Request-Id (the function answers with one, whatever it passes on). */
function withRequestId(response: Response, requestId: string): Response {
  if (response.headers.get(REQUEST_ID) === requestId) return response;
  const copy = new Response(response.body, response);
  copy.headers.set(REQUEST_ID, requestId);
  return copy;
}

/** Makes the serving state once: config, data, answers. A failed load is retried by the next request. */
async function prepare(platform: FunctionPlatform) {
  const data = await loadFunctionData(platform.source);
  const config = { ...readConfig(platform.env), SITE_URL: data.siteUrl };
  const csp = buildContentSecurityPolicy({ site: config.SITE_URL, media: config.MEDIA_URL, studio: config.STUDIO_URL });
  const locals = { catalog: data.catalog, config };
  const tail = createTailAnswers({
    catalog: data.catalog, siteUrl: config.SITE_URL, csp, tagHeader: config.CACHE_TAG_HEADER, readFile: platform.source.read,
    // Node renders the tail's pages with the build's Astro route; workerd has no renderer here (not answered).
    renderPage: platform.astroPage && createTemplatePageRenderer(platform.astroPage, locals),
    drawSocialImage: platform.drawSocialImage,
  });
  return {
    config,
    catalog: data.catalog,
    rest: createRestAnswers(data.catalog, config),
    pages: createPageAnswers({ catalog: data.catalog, config, staticHalf: platform.staticHalf, astroPage: platform.astroPage, rewriter: platform.rewriter ?? HTML_REWRITER, tail }),
    deprecation: buildDeprecationHeaders(config),
    // The on-demand pages' headers (/search, /search.md), as the origin sends them: the pages' one CSP included.
    pageHeaders: [...buildPageSecurityHeaders(csp), ...CORS_HEADERS],
    policies: { rest: formatPolicy(config.REST_RATE_LIMIT), mcp: formatPolicy(config.MCP_RATE_LIMIT) },
  };
}

/**
 * The function: a Web-standard fetch handler (Request → Response) for what must be dynamic,
 * driven by the origin's route table and rules (src/http): OPTIONS answered on every route,
 * the route's bucket counted (429 past it), the one 405, then REST, MCP, the search pages and
 * Markdown by Accept; the rest goes to the static half. Anything thrown becomes the one
 * Error reply, never a stack trace.
 */
export function createFetchHandler(platform: FunctionPlatform): FetchHandler {
  let ready: ReturnType<typeof prepare> | undefined;
  const serving = () => (ready ??= prepare(platform).catch((err: unknown) => {
    ready = undefined;
    throw err;
  }));

  const fetch = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const path = url.pathname;
    const { route, param } = matchRoute(path);
    const requestId = keepRequestId(request.headers.get('x-request-id')) ?? createRequestId();
    const echo = [REQUEST_ID, requestId, ...EVERY_ANSWER_HEADERS];
    const context = { method: request.method, path, requestId };
    let common = [...echo, ...JSON_HEADERS];
    try {
      const s = await serving();
      const versioned = isVersioned(route);
      if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: toHeaders([...preflightHeadersOf(route), ...echo, ...(versioned ? s.deprecation : [])]) });
      if (versioned) common = [...common, ...s.deprecation];
      if (route.bucket) {
        const state = await platform.limit(route.bucket, request);
        common = [...common, ...buildRateLimitHeaders(state, s.policies[route.bucket])];
        if (!state.allowed) return toWebResponse(request, toErrorReply(createRateLimited(route.bucket, state), context, platform.report), common);
      }
      if (!allowsMethod(route, request.method)) {
        const reply = toErrorReply(createMethodNotAllowed(route, request.method, path), context, platform.report);
        return toWebResponse(request, reply, [...common, 'Allow', route.allow]);
      }
      // The REST answers object is the list of REST handlers: a route whose handler it holds is one.
      if (Object.hasOwn(s.rest, route.handler)) {
        const input = { path, search: url.search, param };
        try {
          return toWebResponse(request, s.rest[route.handler as RestId](input), common);
        } catch (err) {
          return toWebResponse(request, toErrorReply(err, context, platform.report), common);
        }
      }
      if (route.handler === 'health' || route.handler === 'readiness') {
        const body = JSON.stringify({ status: route.handler === 'health' ? 'ok' : 'ready', templates: s.catalog.templates.length });
        return new Response(request.method === 'HEAD' ? null : body, { status: 200, headers: toHeaders([...echo, ...PROBE_HEADERS, 'Content-Type', 'application/json']) });
      }
      if (route.handler === 'mcp') return await answerMcp(request, s, common, requestId, platform.report);
      // Every file route: a page, or a file the host holds (its 404 is the 404 page, as the origin's).
      if (route.handler === 'files') return withRequestId(await s.pages(request, url, [...echo, ...s.pageHeaders]), requestId);
      return withRequestId(await platform.staticHalf(request, path), requestId);
    } catch (err) {
      return toWebResponse(request, toErrorReply(err, context, platform.report), common);
    }
  };
  return { fetch, ready: async () => (await serving()).catalog.prepareSearch() };
}
