import type { APIRoute } from 'astro';
import { getConfig } from '../config/config.ts';
import { markdownResponse } from '../core/markdown/markdown-response.ts';
import { renderNotFoundMarkdown } from '../core/markdown/render-not-found-markdown.ts';

/** /404.md: the Markdown twin of the 404 page (the server sends it with status 404). */
export const GET: APIRoute = () => markdownResponse(renderNotFoundMarkdown(getConfig().SITE_URL));
