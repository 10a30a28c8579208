import type { APIRoute } from 'astro';
import { getConfig } from '../config/config.ts';
import { markdownResponse } from '../core/markdown/markdown-response.ts';
import { renderRequestsMarkdown } from '../core/markdown/render-requests-markdown.ts';

/** /requests.md: the Markdown twin of the custom requests page. */
export const GET: APIRoute = () => {
  const config = getConfig();
  return markdownResponse(renderRequestsMarkdown(config.SITE_URL, config.REQUESTS_CONTACT));
};
