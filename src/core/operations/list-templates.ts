import type { ListQuery } from '../../schemas/queries.ts';
import type { TemplateList } from '../../schemas/responses.ts';
import type { Template } from '../../schemas/template.ts';
import type { Catalog } from '../catalog/catalog.ts';
import { countFacets } from '../catalog/facet-codes.ts';
import { API_VERSION } from './api-version.ts';

function matchesFilters(t: Template, q: ListQuery): boolean {
  return (!q.category || t.category === q.category) && (!q.tier || t.tier === q.tier) && (!q.format || t.formats.includes(q.format));
}

/** Positions (in `catalog.templates`) of a search answer (relevance order) or of the whole catalog (newest first) that pass the filters. */
function collectMatches(catalog: Catalog, found: Int32Array | undefined, query: ListQuery): number[] {
  const filtered = Boolean(query.category || query.tier || query.format);
  const positions: number[] = [];
  const count = found ? found.length : catalog.templates.length;
  for (let k = 0; k < count; k++) {
    const p = found ? found[k]! : k;
    if (!filtered || matchesFilters(catalog.templates[p]!, query)) positions.push(p);
  }
  return positions;
}

/**
 * listTemplates: filters, free-text search (relevance order) or newest first, facets over
 * all matches, then the optional page. Without limit every match is returned.
 */
export function listTemplates(catalog: Catalog, query: ListQuery): TemplateList {
  const text = query.q?.trim();
  const answer = text ? catalog.answerSearch(text) : undefined;
  const matches = collectMatches(catalog, answer?.positions, query);
  const offset = query.offset ?? 0;
  const page = matches.slice(offset, query.limit === undefined ? undefined : offset + query.limit).map((p) => catalog.templates[p]!);
  return {
    apiVersion: API_VERSION,
    count: page.length,
    total: matches.length,
    ...(query.limit === undefined ? {} : { limit: query.limit }),
    ...(query.offset === undefined ? {} : { offset }),
    facets: countFacets(catalog.facetCodes, matches),
    ...(answer?.suggestion ? { suggestion: answer.suggestion } : {}),
    templates: page,
  };
}
