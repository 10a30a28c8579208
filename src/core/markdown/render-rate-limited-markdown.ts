import { bulletList, joinBlocks } from './markdown-text.ts';

/** What a page's 429 says: the limit, the wait, and what stays open meanwhile. */
export interface RateLimitedPage {
  siteUrl: string;
  /** Requests per minute per client (the REST budget the page draws on). */
  limit: number;
  /** Seconds until the window resets (Retry-After). */
  retryAfter: number;
}

/** The Markdown 429 of a page that runs an operation (/search.md, or /search asked for Markdown). */
export function renderRateLimitedMarkdown({ siteUrl, limit, retryAfter }: RateLimitedPage): string {
  return joinBlocks([
    '# Too many requests',
    `This page asks the catalog for an answer, which counts against the limit of ${limit} a minute per client (shared with the API). Retry in ${retryAfter} s.`,
    bulletList([
      `Meanwhile, the catalog's pages are not limited: ${siteUrl}/index.md`,
      `Every template at once: ${siteUrl}/llms-full.txt`,
    ]),
  ]);
}
