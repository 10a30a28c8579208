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
import { LIST_COLUMNS_PATH } from '../contracts/published/function-data-files.ts';
import { loadFunctionData, type DataSource, type FunctionData } from './load-function-data.ts';
import { loadListPage, loadTemplateShard } from './load-early-data.ts';
import { isTemplateRef } from '../http/api/get-one-route.ts';
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

/** An answer now, or once a step that waits (a bucket, a body, a file from disk) is done. */
export type MaybeAnswer = Response | Promise<Response>;

/** The pipeline as a runtime calls it. */
export interface FetchHandler {
  fetch(request: Request, given?: RequestGiven): Promise<Response>;
  /**
   * The same pipeline, answering without a promise when no step waits (a file the origin holds
   * in memory, a refusal): the Node adapter then writes it at once. Never throws.
   */
  answer(request: Request, given?: RequestGiven): MaybeAnswer;
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
type Serving = Awaited<ReturnType<typeof prepare>>;

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

/** withRequestId on an answer now or later. */
const withRequestIdOf = (answer: MaybeAnswer, requestId: string): MaybeAnswer =>
  answer instanceof Promise ? answer.then((response) => withRequestId(response, requestId)) : withRequestId(answer, requestId);

/** One request on its way through the pipeline: what it matched and the headers gathered for it. */
interface Call {
  match: ReturnType<typeof matchRoute>;
  path: string;
  requestId: string;
  echo: readonly string[];
  method: string;
  /** Every JSON answer's headers (echo, CORS, deprecation, rate limits), made when first needed: a file answer needs none. */
  common: readonly string[] | undefined;
}

/** The headers of the pipeline's own JSON answers for this request. */
const commonOf = (call: Call): readonly string[] => (call.common ??= [...call.echo, ...JSON_HEADERS]);
/** What an error's log line and body name, made only for an error. */
const contextOf = ({ method, path, requestId }: Call) => ({ method, path, requestId });
/** Adds header pairs to the request's JSON answers' headers, in one copy (a get-one made three: ~600 B). */
const addCommon = (call: Call, pairs: readonly string[]) => void (call.common = call.common ? call.common.concat(pairs) : call.echo.concat(JSON_HEADERS, pairs));

/**
 * Makes the serving state once: config, data, answers. A failed load is retried by the next
 * request. `columns`: whether a list may have been answered from the columns (then checked).
 */
async function prepare(platform: FunctionPlatform, columns = true) {
  const data = platform.data ?? (await loadFunctionData(platform.source!, { columns }));
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
  let ready: Promise<Serving> | undefined;
  // The state once made: a request then goes through without waiting on it.
  let served: Serving | undefined;
  // Set by the first load: a build whose load failed answers nothing early again (the 500 until a load succeeds).
  let begun = false;
  // Set when a list before the load reads the columns (at once, as it starts): the load then checks them.
  let fromColumns = false;
  const columnsNoted: DataSource | undefined = platform.source && {
    ...platform.source,
    read: (path) => ((fromColumns ||= path === LIST_COLUMNS_PATH), platform.source!.read(path)),
  };
  const serving = () => {
    begun = true;
    return (ready ??= prepare(platform, fromColumns).then((s) => (served = s), (err: unknown) => {
      ready = undefined;
      throw err;
    }));
  };
  const { compress, report } = platform;
  // Imported on the first MCP request, then kept: a dynamic import per request cost ~13 µs.
  let mcpModule: typeof import('./answer-mcp.ts') | undefined;

  /** The route's answer once its bucket let it through: the 405, REST, the probes, MCP and the files. */
  const answerRoute = (request: Request, call: Call, s: Serving): MaybeAnswer => {
    const { route, param } = call.match;
    const { path, echo, requestId } = call;
    if (!allowsMethod(route, request.method)) {
      const reply = toErrorReply(createMethodNotAllowed(route, request.method, path), contextOf(call), report);
      return toWebResponse(request, reply, [...commonOf(call), 'Allow', route.allow], compress);
    }
    // The REST answers object is the list of REST handlers: a route whose handler it holds is one.
    if (Object.hasOwn(s.rest, route.handler)) {
      const input = { path, search: readSearch(request.url), param };
      return toWebResponse(request, s.rest[route.handler as RestId](input), commonOf(call), compress);
    }
    if (route.handler === 'health' || route.handler === 'readiness') {
      const body = JSON.stringify({ status: route.handler === 'health' ? 'ok' : 'ready', templates: s.catalog.templates.length });
      return respond(200, [...echo, ...PROBE_HEADERS, 'Content-Type', 'application/json'], request.method === 'HEAD' ? null : body);
    }
    // The MCP SDK is imported on the first MCP request, out of the cold start.
    if (route.handler === 'mcp') return (async () => (mcpModule ??= await import('./answer-mcp.ts')).answerMcp(request, s, commonOf(call), requestId, report, chargeEach(() => platform.limit('mcp', request))))();
    // Every file route: a page, or a file the host holds (its 404 is the 404 page, as the origin's).
    // A page that runs an operation carries its bucket's rate-limit headers (the route table's `bucket`).
    const pageEcho = route.bucket ? [...echo, ...pickRateLimitHeaders(commonOf(call))] : echo;
    if (route.handler === 'files') return withRequestIdOf(s.pages(request, path, route.cache, pageEcho, s.pageHeaders), requestId);
    // The MCP server card (counted against the MCP bucket) and the published redirects: the static half's files and rules.
    const extra = route.handler === 'mcp-card' ? commonOf(call).filter((_, i, all) => (i % 2 === 0 ? !FILE_OWNED.has(all[i]!.toLowerCase()) : !FILE_OWNED.has(all[i - 1]!.toLowerCase()))) : echo;
    return withRequestIdOf(platform.staticHalf(request, path, { cache: route.cache, echo: extra }), requestId);
  };

  /** Counts the request against its route's bucket (429 past it), then answers it. `counted`: the count begun already. */
  const answerLimited = async (request: Request, call: Call, s: Serving, bucket: RateLimitBucketName, counted?: Promise<RateLimitState>): Promise<Response> => {
    const state = await (counted ?? platform.limit(bucket, request));
    addCommon(call, buildRateLimitHeaders(state, s.policies[bucket]));
    if (!state.allowed) return toWebResponse(request, createRateLimitedReply(call.match.route, state, { ...contextOf(call), accept: request.headers.get('accept'), siteUrl: s.config.SITE_URL, report }), commonOf(call), compress);
    return answerRoute(request, call, s);
  };

  /** OPTIONS on every route, the deprecation headers, then the bucket and the route's answer. */
  const answerServed = (request: Request, call: Call, s: Serving, counted?: Promise<RateLimitState>): MaybeAnswer => {
    const { route } = call.match;
    const versioned = isVersioned(route);
    if (request.method === 'OPTIONS') return respond(204, [...preflightHeadersOf(route), ...call.echo, ...(versioned ? s.deprecation : [])]);
    if (versioned && s.deprecation.length) addCommon(call, s.deprecation);
    return route.bucket ? answerLimited(request, call, s, route.bucket, counted) : answerRoute(request, call, s);
  };

  /**
   * A get by id or a list with a limit (words or none) before any load has begun (a cold
   * isolate's first requests): served from the id's one shard, or the columns (and the index)
   * and the page (load-early-data.ts), through the same steps, instead of waiting for the whole
   * catalog; anything else, or what those cannot answer, waits for the whole catalog as every
   * request does.
   */
  const answerEarly = async (request: Request, call: Call): Promise<Response> => {
    const source = platform.source!;
    // Counted while the data is read: the count's round trip is not added to the cold answer.
    const { bucket } = call.match.route;
    const counted = bucket ? platform.limit(bucket, request) : undefined;
    counted?.catch(() => undefined); // a failed count is answered below, as any request's is
    const early = await (call.match.route.handler === 'list' ? loadListPage(columnsNoted!, readSearch(request.url)) : loadTemplateShard(source, call.match.param)).catch(() => undefined);
    return answerServed(request, call, early && !served ? await prepare({ ...platform, data: early, registerCache: undefined }) : await serving(), counted);
  };
  const goesEarly = (request: Request, { match }: Call) =>
    !begun && platform.source && !platform.data && (request.method === 'GET' || request.method === 'HEAD') && (match.route.handler === 'list' || (match.route.handler === 'get-one' && isTemplateRef(match.param)));

  /** Anything thrown, now or later: the one Error reply, with the headers gathered so far. */
  const fail = (request: Request, call: Call, err: unknown) => toWebResponse(request, toErrorReply(err, contextOf(call), report), commonOf(call), compress);

  const answer = (request: Request, given: RequestGiven = {}): MaybeAnswer => {
    const path = readRawPath(request.url);
    const requestId = given.requestId ?? keepRequestId(request.headers.get('x-request-id')) ?? createRequestId();
    const echo = given.echo ?? [REQUEST_ID, requestId, ...EVERY_ANSWER_HEADERS];
    const call: Call = { match: matchRoute(path), path, requestId, echo, method: request.method, common: undefined };
    try {
      const out = served ? answerServed(request, call, served) : goesEarly(request, call) ? answerEarly(request, call) : serving().then((s) => answerServed(request, call, s));
      return out instanceof Promise ? out.catch((err: unknown) => fail(request, call, err)) : out;
    } catch (err) {
      return fail(request, call, err);
    }
  };
  return { answer, fetch: async (request, given) => answer(request, given), ready: async () => (await serving()).catalog.prepareSearch() };
}
