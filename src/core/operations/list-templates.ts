import type { ListQuery } from '../../schemas/queries.ts';
import type { Facets, TemplateList } from '../../schemas/responses.ts';
import type { Template } from '../../schemas/template.ts';
import type { Catalog } from '../catalog/catalog.ts';
import { API_VERSION } from './api-version.ts';

function matchesFilters(t: Template, q: ListQuery): boolean {
  return (!q.category || t.category === q.category) && (!q.tier || t.tier === q.tier) && (!q.format || t.formats.includes(q.format));
}

function countFacets(matches: readonly Template[]): Facets {
  const facets: Facets = { category: {}, tier: {}, format: {} };
  for (const t of matches) {
    facets.category[t.category] = (facets.category[t.category] ?? 0) + 1;
    facets.tier[t.tier] = (facets.tier[t.tier] ?? 0) + 1;
    for (const f of t.formats) facets.format[f] = (facets.format[f] ?? 0) + 1;
  }
  return facets;
}

/**
 * listTemplates: filters, free-text search (relevance order) or newest first, facets over
 * all matches, then the optional page. Without limit every match is returned.
 */
export function listTemplates(catalog: Catalog, query: ListQuery): TemplateList {
  const text = query.q?.trim();
  const answer = text ? catalog.answerSearch(text) : undefined;
  const candidates = answer ? answer.ids.flatMap((id) => catalog.byRef.get(id) ?? []) : catalog.templates;
  const matches = candidates.filter((t) => matchesFilters(t, query));
  const offset = query.offset ?? 0;
  const page = matches.slice(offset, query.limit === undefined ? undefined : offset + query.limit);
  return {
    apiVersion: API_VERSION,
    count: page.length,
    total: matches.length,
    ...(query.limit === undefined ? {} : { limit: query.limit }),
    ...(query.offset === undefined ? {} : { offset }),
    facets: countFacets(matches),
    ...(answer?.suggestion ? { suggestion: answer.suggestion } : {}),
    templates: page,
  };
}
