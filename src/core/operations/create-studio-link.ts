import type { StudioLinkQuery } from '../../schemas/queries.ts';
import type { StudioLink } from '../../schemas/responses.ts';
import type { Catalog } from '../catalog/catalog.ts';
import { buildStudioUrl } from '../catalog/derive-template.ts';
import { normalizeSite } from '../links/normalize-site.ts';
import { API_VERSION } from './api-version.ts';
import { findTemplate } from './find-template.ts';

/**
 * createStudioLink: the address that opens a template in the studio, filled from the site.
 * Creates nothing; throws `template_not_found` or `invalid_site`.
 */
export function createStudioLink(catalog: Catalog, query: StudioLinkQuery, studioUrl: string): StudioLink {
  const template = findTemplate(catalog, query.template);
  const site = normalizeSite(query.site);
  return {
    apiVersion: API_VERSION,
    url: buildStudioUrl(studioUrl, template.id, site, query.format),
    template: template.id,
    site,
  };
}
