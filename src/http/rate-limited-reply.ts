import { ApiError } from '../core/api-error.ts';
import { RETRY_AFTER } from '../core/header-names.ts';
import { renderRateLimitedMarkdown, type RateLimitedPage } from '../core/markdown/render-rate-limited-markdown.ts';
import { isMarkdownPath, prefersMarkdown } from './markdown-negotiation.ts';
import { isPageRoute, type RouteDefinition } from '../contracts/routes/route-table.ts';
import { toErrorReply, type ErrorContext, type ReportUnexpected } from './error-reply.ts';
import { createRateLimited, type RateLimitState } from './rate-limit.ts';
import type { Reply } from './reply.ts';

const encoder = new TextEncoder();
const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => `&${({ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot' })[c]};`);

/** The HTML 429 page: standalone (no script, style or asset), so its own CSP may forbid everything. */
function renderRateLimitedHtml({ siteUrl, limit, retryAfter }: RateLimitedPage): string {
  const site = escapeHtml(siteUrl);
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Too many requests</title></head>
<body>
<main>
<h1>Too many requests</h1>
<p>This page asks the catalog for an answer, which counts against the limit of ${limit} a minute per client (shared with the API). Retry in ${retryAfter}&nbsp;s.</p>
<p>Meanwhile, the catalog's pages are not limited: <a href="${site}/">browse the catalog</a>.</p>
</main>
</body>
</html>
`;
}

/** The page 429's own headers: it varies by Accept and loads nothing, so its CSP allows nothing. */
const PAGE_HEADERS = ['Vary', 'Accept', 'Content-Security-Policy', "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"];

/** What the 429 of a request needs to know besides its bucket's state. */
export interface RateLimitedRequest extends ErrorContext {
  /** The request's Accept header (a page's 429 is Markdown when it prefers Markdown). */
  accept: string | null | undefined;
  siteUrl: string;
  report: ReportUnexpected;
}

/**
 * The one 429 of both pipelines: on the API and MCP, the Error body `rate_limited`; on a page
 * that runs an operation (/search, /search.md, /studio), a page, HTML or Markdown (by path or
 * Accept), saying the same. Either carries Retry-After; the caller adds the rate-limit headers.
 */
export function createRateLimitedReply(route: RouteDefinition, state: RateLimitState, request: RateLimitedRequest): Reply {
  const error: ApiError = createRateLimited(route.bucket ?? 'rest', state);
  if (!isPageRoute(route)) return toErrorReply(error, request, request.report);
  const page = { siteUrl: request.siteUrl, limit: state.limit, retryAfter: error.retryAfter! };
  const markdown = isMarkdownPath(request.path) || prefersMarkdown(request.accept ?? undefined);
  const body = encoder.encode(markdown ? renderRateLimitedMarkdown(page) : renderRateLimitedHtml(page));
  return {
    status: 429,
    body,
    cache: 'none',
    type: markdown ? 'text/markdown; charset=utf-8' : 'text/html; charset=utf-8',
    headers: [RETRY_AFTER, String(page.retryAfter), ...PAGE_HEADERS],
    size: body.length,
  };
}
