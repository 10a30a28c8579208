import { CACHE_HEADERS, type CacheClass } from '../core/cdn/cache-policy.ts';
import { toHtmlPath, toMarkdownPath } from '../core/links/to-markdown-path.ts';
import { formatLinkHeader, listSiteLinks, type WebLink } from '../contracts/published/build-page-links.ts';
import { isMarkdownPath, prefersMarkdown } from '../http/markdown-negotiation.ts';
import type { OnDemandAnswerer, PageContext } from './page-types.ts';
import { reclass } from './on-demand-answer.ts';

export type { StaticAnswer, StaticHalf } from './page-types.ts';
import { textResponse } from './web-reply.ts';
import { EVERY_ANSWER_HEADERS } from '../http/page-headers.ts';
import { setHeader } from './light-response.ts';

/** The paths of the on-demand pages (on-demand-pages.ts answers them). */
export const ON_DEMAND_PATHS: ReadonlySet<string> = new Set(['/search', '/search.md', '/studio']);

/**
 * A page's or twin's answer with the origin's Link: the site links and its other representation
 * as `alternate` (a host's rule cannot tell `/templates/x` from `/templates/x.md`, the function can).
 */
function addTwinLink(response: Response, path: string, site: string, siteLinks: readonly WebLink[]): Response {
  // Top-level pages have exact host rules that name their twin; folders of pages share one rule.
  if (response.status !== 200 || path.lastIndexOf('/') === 0 || response.headers.get('link')?.includes('rel="alternate"')) return response;
  const type = response.headers.get('content-type') ?? '';
  let alternate: WebLink | undefined;
  if (type.startsWith('text/html')) {
    const twin = toMarkdownPath(path);
    if (twin) alternate = { href: `${site}${twin}`, rel: 'alternate', type: 'text/markdown' };
  } else if (type.startsWith('text/markdown')) {
    alternate = { href: `${site}${isMarkdownPath(path) ? toHtmlPath(path) : path}`, rel: 'alternate', type: 'text/html' };
  }
  if (!alternate) return response;
  const headers = new Headers(response.headers);
  headers.set('Link', formatLinkHeader([...siteLinks, alternate]));
  return new Response(response.body, { status: response.status, headers });
}

/**
 * The answers of every file route: the on-demand pages, and Markdown by `Accept` on every
 * page: the `.md` twin from the static half, with the page's cache class (`Vary: Accept`); a
 * page without a twin answers the 404 twin. Everything else is the static half's answer (its
 * 404 the 404 page). `echo` is what every answer carries first (the request id).
 */
export function createPageAnswers(ctx: PageContext) {
  const site = ctx.config.SITE_URL;
  const siteLinks = listSiteLinks(site);
  let onDemand: Promise<Record<string, OnDemandAnswerer>> | undefined;
  const loadOnDemand = () => (onDemand ??= import('./on-demand-pages.ts').then((m) => m.createOnDemandAnswerers(ctx)));
  const exact = ctx.staticHalf.exact === true;
  const pass = (answer: Response, path: string) => (exact ? answer : addTwinLink(answer, path, site, siteLinks));
  // The tail's files on demand (src/http/tail), asked before a 404, with what every answer carries.
  const answerTail = async (request: Request, path: string, echo: readonly string[]) => {
    const answer = await ctx.tail?.(request, path);
    if (answer) for (const pairs of [EVERY_ANSWER_HEADERS, echo]) for (let i = 0; i < pairs.length; i += 2) setHeader(answer, pairs[i]!, pairs[i + 1]!);
    return answer;
  };

  // The file at `path`, else the tail's, else the 404 page: answered at once when the static half
  // holds the file (the origin's memory), with no promise made (~3 KB less allocated a page).
  const answerFile = (request: Request, path: string, cache: CacheClass, echo: readonly string[], wantsMarkdown: boolean) => {
    const own = ctx.staticHalf(request, path, { cache, echo });
    const after = (own: Response) => (own.status !== 404 ? pass(own, path) : answerMissing(request, path, echo, wantsMarkdown));
    return own instanceof Promise ? own.then(after) : after(own);
  };
  const answerMissing = async (request: Request, path: string, echo: readonly string[], wantsMarkdown: boolean) => {
    const tail = await answerTail(request, path, echo);
    if (tail) return tail;
    const notFoundPath = wantsMarkdown || isMarkdownPath(path) ? '/404.md' : '/404';
    // The 404 page is a page whatever the route (its CSP and framing rules), and never stored.
    const notFound = await ctx.staticHalf(request, notFoundPath, { cache: 'page', echo, status: 404 });
    if (exact && notFound.status === 404 && notFound.headers.has('content-type')) return notFound;
    if (!exact && notFound.ok) return reclass(notFound, 'none', 404);
    return textResponse(404, 'Not found\n', [...echo, ...CACHE_HEADERS.none]);
  };
  // The `.md` twin when the client prefers Markdown, else the page itself.
  const answerTwin = async (request: Request, path: string, twin: string, cache: CacheClass, echo: readonly string[]) => {
    const answer = await ctx.staticHalf(request, twin, { cache, echo });
    if (answer.ok || answer.status === 304) return exact ? answer : pass(reclass(answer, 'page'), path);
    const tail = answer.status === 404 ? await answerTail(request, twin, echo) : undefined;
    if (tail) return exact ? tail : pass(reclass(tail, 'page'), path);
    return answerFile(request, path, cache, echo, true);
  };
  const answerOnDemand = async (request: Request, path: string, cache: CacheClass, echo: readonly string[], pageHeaders: readonly string[]) => {
    const page = await (await loadOnDemand())[path]?.(request, new URL(request.url), [...echo, ...pageHeaders]);
    return page ?? answerPage(request, path, cache, echo);
  };
  const answerPage = (request: Request, path: string, cache: CacheClass, echo: readonly string[]) => {
    const wantsMarkdown = prefersMarkdown(request.headers.get('accept') ?? undefined);
    const twin = wantsMarkdown ? toMarkdownPath(path) : null;
    return twin ? answerTwin(request, path, twin, cache, echo) : answerFile(request, path, cache, echo, wantsMarkdown);
  };

  // `pageHeaders` follow `echo` on the on-demand pages only; they and the parsed URL are made
  // there alone: a file answer is spared them (~2.6 µs a page on the origin, profile-mcp with PROFILE_PATH).
  return (request: Request, path: string, cache: CacheClass, echo: readonly string[], pageHeaders: readonly string[]): Response | Promise<Response> =>
    ON_DEMAND_PATHS.has(path) ? answerOnDemand(request, path, cache, echo, pageHeaders) : answerPage(request, path, cache, echo);
}
