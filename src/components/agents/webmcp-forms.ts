/*
 * Declarative WebMCP (Chrome's form annotations): the search box and the studio form declare
 * themselves as tools an in-browser agent can fill, named apart from the imperative tools
 * register-webmcp.ts adds (those answer in JSON; these show the page a person would see).
 * Parameter descriptions are the query schema's own. Read by the components at build time only.
 */
import { listQuerySchema, studioLinkQuerySchema } from '../../schemas/queries.ts';

/** The search box: a GET of /search, harmless to submit without asking (`toolautosubmit`). */
export const SEARCH_FORM_TOOL = {
  toolname: 'show_template_search',
  tooldescription: 'Show the page of promo and launch video templates that match words (the active category, tier and format filters stay).',
  toolautosubmit: '',
} as const;

/** The studio form of a template page: it leaves for the studio, so the person submits it. */
export const STUDIO_FORM_TOOL = {
  toolname: 'open_template_in_studio',
  tooldescription: "Open this template in the studio, filled with the brand (logo, colours, copy) read from the person's website, in the chosen format.",
} as const;

/** `toolparamdescription` of a form field, from the query schema's description of that field. */
function describeParam(description: string | undefined): { toolparamdescription: string } {
  if (!description) throw new Error('a WebMCP form parameter needs the description of its query field');
  return { toolparamdescription: description };
}

/** Parameter annotations of the search box's fields. */
export const SEARCH_FORM_PARAMS = { q: describeParam(listQuerySchema.shape.q.description) };
/** Parameter annotations of the studio form's fields. */
export const STUDIO_FORM_PARAMS = {
  site: describeParam(studioLinkQuerySchema.shape.site.description),
  format: describeParam(studioLinkQuerySchema.shape.format.description),
};
