import { ApiError } from '../../core/api-error.ts';
import type { Catalog } from '../../core/catalog/catalog.ts';
import { createStudioLink } from '../../core/operations/create-studio-link.ts';
import { suggestTemplates } from '../../core/operations/find-template.ts';
import { listQueryNames, readQueryValues } from '../../core/query/read-query.ts';
import { studioLinkQuerySchema } from '../../schemas/queries.ts';
import type { Template } from '../../schemas/template.ts';

/** What /studio does with a request: go to the studio, or show a page saying what to fix. */
export type StudioOutcome =
  | { kind: 'redirect'; url: string }
  | { kind: 'fix'; template: Template; site: string; format: string; siteError?: string; formError?: string }
  | { kind: 'not_found'; ref: string; suggestions: Template[] }
  | { kind: 'no_template'; message: string };

const FIELD_MESSAGES: Record<string, string> = {
  site: 'Your website address is longer than 253 characters. Give just the domain, such as acme.com.',
  format: 'Choose one of the formats offered: 16:9 (landscape) or 9:16 (vertical).',
};

/**
 * Decides the answer of GET /studio from its parameters (blank ones count as absent), with
 * the same rules as the REST studio-link: the core createStudioLink does the work.
 */
export function readStudioRequest(catalog: Catalog, params: URLSearchParams, studioUrl: string): StudioOutcome {
  let values: Record<string, string>;
  try {
    // The API's reader and its rules: a parameter given twice is refused here too.
    values = readQueryValues(params, listQueryNames(studioLinkQuerySchema));
  } catch (err) {
    if (err instanceof ApiError) return { kind: 'no_template', message: `This link has a problem: ${err.message} Pick a template from the catalog, then press "Open in the studio".` };
    throw err;
  }
  const raw = { template: values.template ?? '', site: values.site ?? '', format: values.format ?? '' };
  const parsed = studioLinkQuerySchema.safeParse({
    template: raw.template,
    ...(raw.site ? { site: raw.site } : {}),
    ...(raw.format ? { format: raw.format } : {}),
  });
  const template = catalog.byRef.get(raw.template);
  if (!parsed.success) {
    const fields = new Set(parsed.error.issues.map((i) => String(i.path[0])));
    if (!raw.template || fields.has('template')) {
      return { kind: 'no_template', message: 'This link does not name a template. Pick one from the catalog, then press "Open in the studio".' };
    }
    if (!template) return { kind: 'not_found', ref: raw.template, suggestions: suggestTemplates(catalog, raw.template) };
    return {
      kind: 'fix',
      template,
      site: raw.site,
      format: raw.format,
      ...(fields.has('site') ? { siteError: FIELD_MESSAGES.site } : {}),
      ...(fields.has('format') ? { formError: FIELD_MESSAGES.format } : {}),
    };
  }
  try {
    return { kind: 'redirect', url: createStudioLink(catalog, parsed.data, studioUrl).url };
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    if (err.code === 'template_not_found') return { kind: 'not_found', ref: raw.template, suggestions: suggestTemplates(catalog, raw.template) };
    if (err.code === 'invalid_site' && template) {
      const siteError = err.message.replace(/^site is not a domain name/, 'This is not a website domain');
      return { kind: 'fix', template, site: raw.site, format: raw.format, siteError };
    }
    throw err;
  }
}
