import type { Catalog } from '../../core/catalog/catalog.ts';
import { createStudioLink } from '../../core/operations/create-studio-link.ts';
import { studioLinkQuerySchema } from '../../schemas/queries.ts';
import type { CacheClass } from '../../core/cdn/cache-policy.ts';
import { createJsonReply, type Reply } from '../reply.ts';
import { API_QUERY, listQueryNames, parseQueryValues, readQueryValues } from '../../core/query/read-query.ts';

const PARAMS = listQueryNames(studioLinkQuerySchema);

/** Every rule about `site` (its length included) is normalizeSite's, so all of them answer `invalid_site`. */
const QUERY_WITHOUT_SITE = studioLinkQuerySchema.omit({ site: true });

/**
 * GET /api/v1/studio-link: the address that opens a template in the studio. A missing or
 * off-pattern `template` is `invalid_parameter` (400), an unknown one `template_not_found`
 * (404), a bad `site` `invalid_site` (400).
 */
export function createStudioLinkRoute(catalog: Catalog, studioUrl: string, cache: CacheClass, tagHeaders: readonly string[]): (search: string) => Reply {
  return (search) => {
    const { site, ...rest } = readQueryValues(new URLSearchParams(search), PARAMS, API_QUERY);
    const query = parseQueryValues(QUERY_WITHOUT_SITE, rest);
    return createJsonReply(createStudioLink(catalog, { ...query, site }, studioUrl), cache, tagHeaders);
  };
}
