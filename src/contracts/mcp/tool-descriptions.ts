/*
 * What an agent reads when it decides which tool to call: when to use each one, what comes
 * back, and what none of them can do (so it never promises a person a finished video).
 */
import { TOOL_NAMES as T } from '../../core/tool-names.ts';
import { CONNECTOR_RESULTS, SEARCH_PAGE_DEFAULT, SEARCH_PAGE_MAX } from './tool-limits.ts';

const CANNOT = 'Read-only: it cannot make, render, edit or export videos.';

/** search_templates: the first step of the flow. */
export function describeSearchTemplates(): string {
  return [
    'Search the catalog of promo and launch video templates, or list it newest first when no query is given.',
    'Free text matches title, description, category, tags and example brands (prefix and typo tolerant; exact title matches first).',
    'Filters: category id, tier (free or premium), format (16:9 landscape or 9:16 vertical).',
    'Constraints written in the query are read as filters too ("free vertical launch under 20 seconds with a voice-over under $20": tier, format, duration, editable parts, price); an argument wins over a word, and `understood` in the result says what was read and which words were left to match.',
    `Returns one page of templates (${SEARCH_PAGE_DEFAULT} by default, up to ${SEARCH_PAGE_MAX}; use offset for the next page) with the total number of matches and counts per category, tier and format.`,
    `Use it first to find template ids; then ${T.getTemplate} for the details of one, or ${T.studioLink} to open one in the studio.`,
    CANNOT,
  ].join(' ');
}

/** get_template: the details step. */
export function describeGetTemplate(): string {
  return [
    'Get one video template by id or slug: title, description, category, tier and price per export, duration, formats, editable parts (text, images, colours, music, voice), example videos, and its page and Markdown addresses.',
    `Use it after ${T.searchTemplates} to check that a template fits before building a studio link.`,
    'An unknown id returns an error naming the nearest templates.',
    CANNOT,
  ].join(' ');
}

/** studio_link: the hand-over step; names the site's page for custom work. */
export function describeStudioLink(siteUrl: string): string {
  return [
    "Build the studio link that opens a template in the studio, filled with the brand (logo, colours, copy) read from the person's website, optionally in 16:9 or 9:16.",
    'It creates nothing and costs nothing: give the link to the person, who opens it, adjusts the video and exports it with their own studio account; premium templates are paid per export.',
    'This tool cannot make, render or export the video, and cannot reach the person\'s account, drafts or exports.',
    `For one-off custom animation work, send the person to ${siteUrl}/requests instead.`,
  ].join(' ');
}

/** search: the connector shape of the search step. */
export function describeConnectorSearch(): string {
  return [
    `Search the video template catalog with plain words and get the ${CONNECTOR_RESULTS} best matches as {"results": [{"id", "title", "url"}]} (JSON text); url is the template's public page.`,
    `For the ChatGPT connector and deep research; ${T.searchTemplates} does the same search with filters, paging and full template records.`,
    `Pass an id to ${T.fetch} for the whole template. ${CANNOT}`,
  ].join(' ');
}

/** fetch: the connector shape of the details step. */
export function describeConnectorFetch(): string {
  return [
    `Fetch one template by an id from ${T.search} (a slug works too) as {"id", "title", "text", "url", "metadata"} (JSON text): text is the template's Markdown page, url its public page, metadata its facts (category, tier, price, duration, formats, studio address).`,
    `An unknown id returns an error naming the nearest templates. To open a template in the studio with the person's brand, use ${T.studioLink}.`,
    CANNOT,
  ].join(' ');
}
