import { LIST_FILTER_KEYS } from '../../core/operations/list-filters.ts';
import { TOOL_NAMES as T } from '../../core/tool-names.ts';
import { MCP_PROMPTS } from './prompts.ts';
import { MCP_MAX_BODY_BYTES, SEARCH_PAGE_MAX, formatBytes } from './tool-limits.ts';

/**
 * What an agent reads first (`instructions`): what the catalog is, the flow, resources and
 * prompts, and the limits (so it does not promise a person a finished video). Tool names,
 * limits and filters come from their definitions; the rate limit is the configured one.
 */
export function buildMcpInstructions(siteUrl: string, perMinute: number): string {
  return [
    'A public, read-only catalog of promo and launch video templates (free and premium, in 16:9 and 9:16).',
    `Flow: 1) ${T.searchTemplates} to find candidates by free text and filters (${LIST_FILTER_KEYS.join(', ')});`,
    `2) ${T.getTemplate} for the full details of one (price, duration, formats, editable parts, example videos);`,
    `3) ${T.studioLink} to build the address that opens it in the studio, filled with the brand read from the person's website.`,
    'Give that link to the person: they open it, adjust the video and export it in the studio with their own studio account;',
    'premium templates are paid per export there.',
    'This server cannot make, render, edit or export videos, and cannot reach accounts, drafts or exports; it creates nothing.',
    'Each template is also a resource (Markdown and JSON, see resources/templates/list; ids, slugs and categories complete),',
    `and the ${MCP_PROMPTS.map((p) => p.name).join(', ')} prompt walks through the whole flow.`,
    `${T.search} and ${T.fetch} offer the same search and templates in the shape ChatGPT connectors read.`,
    `Limits: ${perMinute} requests per minute per client (HTTP 429 with Retry-After past it; the RateLimit-Policy header states the live limit), request bodies up to ${formatBytes(MCP_MAX_BODY_BYTES)}, up to ${SEARCH_PAGE_MAX} templates per search page.`,
    `One-off custom animation work is requested at ${siteUrl}/requests, not through this server. Human guide: ${siteUrl}/docs.`,
  ].join(' ');
}
