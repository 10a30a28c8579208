/*
 * Declarative WebMCP (Chrome's form annotations): the search box and the studio form declare
 * themselves as tools an in-browser agent can fill, named apart from the imperative tools
 * register-webmcp.ts adds (those answer in JSON; these show the page a person would see).
 * Parameter descriptions are the query schema's own. Read by the components at build time only.
 */
import { LIST_FILTER_KEYS } from '../../core/operations/list-filters.ts';
import { listQuerySchema, studioLinkQuerySchema } from '../../schemas/queries.ts';

/*
 * Plain strings, written as attributes one by one: Astro adds its scoped class to an object
 * spread onto an element, so a shared object spread on several elements would collect them.
 */

const filterNames = `${LIST_FILTER_KEYS.slice(0, -1).join(', ')} and ${LIST_FILTER_KEYS.at(-1)}`;

/** The search box: a GET of /search, harmless to submit without asking (`toolautosubmit`). */
export const SEARCH_FORM_TOOL = {
  name: 'show_template_search',
  description: `Show the page of promo and launch video templates that match words (the active ${filterNames} filters stay).`,
} as const;

/** The studio form of a template page: it leaves for the studio, so the person submits it. */
export const STUDIO_FORM_TOOL = {
  name: 'open_template_in_studio',
  description: "Open this template in the studio, filled with the brand (logo, colours, copy) read from the person's website, in the chosen format.",
} as const;

/** `toolparamdescription` of a form field: the query schema's description of that field. */
function describeParam(description: string | undefined): string {
  if (!description) throw new Error('a WebMCP form parameter needs the description of its query field');
  return description;
}

/** `toolparamdescription` of the search box's fields. */
export const SEARCH_FORM_PARAMS = { q: describeParam(listQuerySchema.shape.q.description) };
/** `toolparamdescription` of the studio form's fields (a radio group's goes on its fieldset, where Chromium reads it). */
export const STUDIO_FORM_PARAMS = {
  site: describeParam(studioLinkQuerySchema.shape.site.description),
  format: describeParam(studioLinkQuerySchema.shape.format.description),
};
