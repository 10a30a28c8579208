import type { ListQuery } from '../../schemas/queries.ts';
import type { TemplateList, UnderstoodQuery } from '../../schemas/responses.ts';
import type { Template } from '../../schemas/template.ts';
import type { Catalog } from '../catalog/catalog.ts';
import { countFacets } from '../catalog/facet-codes.ts';
import type { QueryAnswer } from '../search/create-query-search.ts';
import { mergeFilters } from '../search/match-filters.ts';
import { API_VERSION } from './api-version.ts';
import { compileListFilters } from './list-filters.ts';
import { sortPositions } from './sort-positions.ts';
import { readPublishedFields } from '../catalog/compact-templates.ts';
import type { SortOrder } from '../../schemas/sort-order.ts';

type Passes = ((t: Template) => boolean) | undefined;

/** Positions (in `catalog.templates`) of a search answer (relevance order) or of the whole catalog (newest first) that pass the parameters' filters. */
function collectMatches(catalog: Catalog, found: Int32Array | undefined, passes: Passes): number[] {
  const positions: number[] = [];
  const count = found ? found.length : catalog.templates.length;
  for (let k = 0; k < count; k++) {
    const p = found ? found[k]! : k;
    if (!passes || passes(catalog.templates[p]!)) positions.push(p);
  }
  return positions;
}

/**
 * What the search read from `q`, for the answer. When nothing matched, each applied constraint
 * says how many templates match without it, so the answer names the one to drop.
 */
function describeReading(catalog: Catalog, answer: QueryAnswer, passes: Passes, empty: boolean, sortGiven: boolean): UnderstoodQuery {
  const reading = answer.reading!;
  const applied = reading.constraints.filter((c) => c.use === 'applied');
  const countWithout = (dropped: (typeof applied)[number]) => {
    const kept = catalog.meetFilters(answer.matched, mergeFilters(applied.filter((c) => c !== dropped).map((c) => c.filters)));
    return passes ? kept.reduce((n, p) => n + Number(passes(catalog.templates[p]!)), 0) : kept.length;
  };
  return {
    summary: reading.labels.join(', '),
    filters: reading.filters,
    words: reading.words,
    ...(reading.sort ? { sort: { text: reading.sort.text, value: reading.sort.value, use: sortGiven ? ('overridden' as const) : ('applied' as const) } } : {}),
    phrases: reading.constraints.map((c) => ({
      text: c.text,
      filter: c.key,
      start: c.start,
      end: c.end,
      label: c.label,
      filters: c.filters,
      use: c.use,
      ...(c.note ? { note: c.note } : {}),
      ...(c.queryWithout !== undefined ? { queryWithout: c.queryWithout } : {}),
      ...(empty && c.use === 'applied' ? { matchesWithout: countWithout(c) } : {}),
    })),
  };
}

/** Which page of a list: the query's `limit` and `offset`. */
export type ListPage = Pick<ListQuery, 'limit' | 'offset'>;

/** The matches of a list, in its order: the search's answer to `q` (when given), the filters, the order. */
function matchList(catalog: Catalog, query: Omit<ListQuery, 'limit' | 'offset'>) {
  const text = query.q?.trim();
  const answer = text ? catalog.answerSearch(text, { tier: query.tier, format: query.format }) : undefined;
  const passes = compileListFilters(query);
  const sort: SortOrder = query.sort ?? answer?.reading?.sort?.value ?? (answer ? 'relevance' : 'newest');
  return { answer, passes, sort, matches: sortPositions(catalog.templates, collectMatches(catalog, answer?.positions, passes), sort) };
}

/** The page of `matches` asked for. */
const slicePage = (matches: readonly number[], { limit, offset }: ListPage) => matches.slice(offset ?? 0, limit === undefined ? undefined : (offset ?? 0) + limit);

/** The positions (in `catalog.templates`) of the templates a list shows, in its order, without writing them. */
export function findShownPositions(catalog: Catalog, query: ListQuery): number[] {
  const { limit, offset, ...rest } = query;
  return slicePage(matchList(catalog, rest).matches, { limit, offset });
}

/**
 * The pages of one list: everything but `limit` and `offset` is worked out once (matches, their
 * order, facets, the reading of `q`), and each page is then a slice. A build that writes every
 * page of a list (`/newest/N`, `/categories/{id}/N`) pays for the whole catalog once, not once a page.
 */
export function pageTemplates(catalog: Catalog, query: Omit<ListQuery, 'limit' | 'offset'>): (page: ListPage) => TemplateList {
  const { answer, passes, sort, matches } = matchList(catalog, query);
  const facets = countFacets(catalog.facetCodes, matches);
  const understood = answer?.reading ? describeReading(catalog, answer, passes, matches.length === 0, query.sort !== undefined) : undefined;
  const unmatched = answer ? answer.explain.listUnmatched(matches) : undefined;
  return ({ limit, offset: given }) => {
    const offset = given ?? 0;
    const shown = slicePage(matches, { limit, offset });
    // With q, each template says why it is there, and the answer which words no template matched.
    const page = answer ? shown.map((p) => ({ ...readPublishedFields(catalog.templates[p]!), matched: answer.explain.listMatches(p) })) : shown.map((p) => catalog.templates[p]!);
    return {
      apiVersion: API_VERSION,
      count: page.length,
      total: matches.length,
      ...(limit === undefined ? {} : { limit }),
      ...(given === undefined ? {} : { offset }),
      facets,
      ...(answer?.suggestion ? { suggestion: answer.suggestion } : {}),
      ...(understood ? { understood } : {}),
      ...(unmatched ? { unmatched } : {}),
      ...(answer || query.sort ? { sort } : {}),
      templates: page,
    };
  };
}

/**
 * listTemplates: constraints read from `q` (a tier or format parameter wins over a word), the
 * words left searched (relevance order) or the catalog newest first, the parameters' filters,
 * facets over all matches, then the optional page. Without limit every match is returned.
 */
export function listTemplates(catalog: Catalog, query: ListQuery): TemplateList {
  const { limit, offset, ...rest } = query;
  return pageTemplates(catalog, rest)({ limit, offset });
}
