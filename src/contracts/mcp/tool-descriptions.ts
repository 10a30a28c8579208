/*
 * What an agent reads when it decides which tool to call: when to use each one, what comes
 * back, and what none of them can do (so it never promises a person a finished video).
 */
import { TOOL_NAMES as T } from '../../core/tool-names.ts';
import { CONNECTOR_RESULTS, SEARCH_PAGE_DEFAULT } from './tool-limits.ts';

const CANNOT = 'Read-only: it cannot make, render, edit or export videos.';

/** search_templates: the first step of the flow. */
export function describeSearchTemplates(): string {
  return [
    'Search the catalog of promo and launch video templates (typo tolerant; words such as "free vertical under 20 seconds" become filters), or list it newest first without a query.',
    `Returns one page (${SEARCH_PAGE_DEFAULT} by default) with each template's format, tier, price and duration, the number of matches and counts per category, tier and format.`,
    `Call it first; then ${T.getTemplate} for one template's details, or ${T.studioLink} to open one in the studio.`,
    CANNOT,
  ].join(' ');
}

/** get_template: the details step. */
export function describeGetTemplate(): string {
  return [
    'One template by id or slug: description, price, duration, formats, editable parts, example videos, poster, page and studio addresses.',
    `Call it after ${T.searchTemplates} to check that a template fits; an unknown id answers with the nearest ids.`,
  ].join(' ');
}

/** studio_link: the hand-over step; names the site's page for custom work. */
export function describeStudioLink(siteUrl: string): string {
  return [
    "The link that opens a template in the studio, filled with the brand read from the person's website (site), optionally in 16:9 or 9:16.",
    `Call it once the person has chosen a template (${T.searchTemplates}, ${T.getTemplate}).`,
    'Give it to the person: they adjust and export the video with their own studio account (premium templates are paid per export).',
    `The link creates nothing; this tool cannot make, render or export the video. For custom animation work, send the person to ${siteUrl}/requests.`,
  ].join(' ');
}

/** search: the connector shape of the search step. */
export function describeConnectorSearch(): string {
  return [
    `Connector search (ChatGPT, deep research): the ${CONNECTOR_RESULTS} best matches for plain words as JSON text {"results": [{"id", "title", "url"}]}.`,
    `${T.searchTemplates} does the same with filters and paging; pass an id to ${T.fetch}.`,
  ].join(' ');
}

/** fetch: the connector shape of the details step. */
export function describeConnectorFetch(): string {
  return [
    `Connector fetch: one template by an id from ${T.search} (or a slug) as JSON text {"id", "title", "text", "url", "metadata"}: its Markdown page and facts.`,
    `An unknown id answers with the nearest ids. To open it in the studio, use ${T.studioLink}.`,
  ].join(' ');
}
