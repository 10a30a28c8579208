import { describeUnderstood, type LinePart } from '../../core/markdown/describe-understood.ts';
import type { UnderstoodQuery } from '../../schemas/responses.ts';
import type { Template } from '../../schemas/template.ts';
import { buildStateHref, countPages, describeResultCount, isEmptyState, type CatalogState } from './catalog-state.ts';
import { describeFilterView, type FilterView } from './filter-chips.ts';
import { linkFromPrerendered } from './prerendered-list.ts';

/** Why a template is in an answer: a query word, how it matched, and the catalog word or filter it reached. */
export interface MatchedWord {
  word: string;
  how: string;
  term: string;
}

/** What the browser view needs of a list answer: the REST list's fields (the page reads its own listTemplates). */
export interface SearchAnswerView {
  total: number;
  templates: readonly (Template & { matched?: readonly MatchedWord[] | undefined })[];
  suggestion?: string | undefined;
  understood?: UnderstoodQuery | undefined;
  /** The query's words no template in the answer matched. */
  unmatched?: readonly string[] | undefined;
}

/** Where the view is drawn: the page size, the home page's newest-first view, the heading with nothing chosen. */
export interface SearchViewPlace {
  pageSize: number;
  /** The home: a prerendered page, so its links go to prerendered lists where one lists the same (linkFromPrerendered). */
  home: boolean;
  headingEmpty: string;
  categories: readonly { id: string; label: string }[];
}

const list = (words: readonly string[]) => words.join(', ');

/** How a word matches as written (not through meaning or as a filter). */
const LITERAL = new Set(['word', 'prefix', 'typo']);

/**
 * The quiet line above the results when some words matched nothing: "No template mentions
 * halloween; showing templates about sale" (the words the shown templates match as written),
 * or "showing related templates" when they are there by meaning only.
 */
function describeUnmatched(answer: SearchAnswerView | undefined): string {
  const unmatched = answer?.unmatched ?? [];
  if (!unmatched.length) return '';
  const about = [...new Set(answer!.templates.flatMap((t) => (t.matched ?? []).filter((m) => LITERAL.has(m.how) && !unmatched.includes(m.word)).map((m) => m.word)))];
  const head = `No template mentions ${list(unmatched)}`;
  if (!answer!.templates.length) return `${head}.`;
  return about.length ? `${head}; showing templates about ${list(about)}.` : `${head}; showing related templates.`;
}

/** The orders of the list, as the sort chips name them. */
const SORTS = [['relevance', 'Relevance'], ['newest', 'Newest'], ['price', 'Price'], ['duration', 'Duration']] as const;

/** One sort chip: the order, its link (the same search in that order, first page), whether it is the order shown. */
export interface SortChip {
  value: string;
  label: string;
  href: string;
  selected: boolean;
}

/**
 * The sort chips of a search: the order given as `sort`, else the one read from words ("cheap":
 * price), else relevance with words and newest without. Empty while the state has no `sort`
 * (a list without the order parameter); relevance is offered only with words.
 */
function planSort(state: CatalogState, understood: UnderstoodQuery | undefined): SortChip[] {
  if (!('sort' in state)) return [];
  const given = String((state as { sort?: string }).sort ?? '');
  const read = (understood as { sort?: { value: string; use: string } } | undefined)?.sort;
  const current = given || (read?.use === 'applied' ? read.value : state.q ? 'relevance' : 'newest');
  return SORTS.filter(([value]) => value !== 'relevance' || state.q).map(([value, label]) => ({
    value,
    label,
    selected: value === current,
    href: buildStateHref('/search', { ...state, sort: value, page: 1 } as CatalogState),
  }));
}

/** A card's "matched by meaning" line: the query words it reached only by meaning, and what they reached. */
export function describeMeaning(matched: readonly MatchedWord[] | undefined): string {
  const meant = (matched ?? []).filter((m) => m.how === 'meaning');
  return meant.length ? `Related to ${meant.map((m) => (m.term && m.term !== m.word ? `${m.word} (${m.term})` : m.word)).join(', ')}` : '';
}

/**
 * Every value the catalog browser shows for a state and an answer, by slot: the /search
 * heading, the results heading and count, the notices, the filters, the cards' templates, the
 * pager. The Astro page (planSearchPage), the browser script (enhance-catalog.ts) and the edge
 * function's shell (src/function/fill-search-shell.ts) all draw this and only fill slots, so a
 * state looks the same typed, loaded or filled. `answer` is undefined when the search could not
 * run (`error`).
 */
export function planSearchView(state: CatalogState, answer: SearchAnswerView | undefined, place: SearchViewPlace, error?: string) {
  const empty = isEmptyState(state);
  const total = answer?.total ?? 0;
  const templates = answer?.templates ?? [];
  const pages = countPages(total, place.pageSize);
  const homeView = place.home && empty && state.page === 1;
  const pastEnd = Boolean(answer) && state.page > pages;
  const suggestion = answer?.suggestion ?? '';
  const prev = state.page > 1 ? buildStateHref('/search', { ...state, page: Math.min(state.page - 1, pages) }) : '';
  const next = state.page < pages ? buildStateHref('/search', { ...state, page: state.page + 1 }) : '';
  return {
    empty,
    total,
    /** The h1 of /search (the home page keeps its own). */
    heading: empty ? 'All templates' : 'Search templates',
    resultsHeading: empty ? place.headingEmpty : 'Search results',
    count: error ? 'The search could not run.' : describeResultCount(total, templates.length, state, place.pageSize),
    error: error ?? '',
    understood: describeUnderstood(answer?.understood, (q) => buildStateHref('/search', { ...state, q, page: 1 })) as LinePart[][],
    unmatched: describeUnmatched(answer),
    filters: describeFilterView(state, answer?.understood, place.categories, place.home) as FilterView,
    /** The order chips (none while the list has no order parameter). */
    sort: planSort(state, answer?.understood),
    templates,
    emptyHidden: Boolean(error) || templates.length > 0 || total > 0,
    seeAllHidden: !(homeView && total > templates.length),
    // The home shows the list's first page; its link goes on to the second, prerendered (all of them, a page at a time).
    seeAllText: place.home ? `More templates: page 2 of ${pages} →` : `See all ${total} templates →`,
    /** Where "See all" goes: the list's next prerendered page on the home (it answers without the function). */
    seeAllHref: place.home ? linkFromPrerendered({ ...state, page: 2 }, place.categories.map((c) => c.id)) : '/search',
    pager: { pages, hidden: pages <= 1 || homeView, prev, next, label: `Page ${Math.min(state.page, pages)} of ${pages}` },
    suggestion: { text: suggestion, href: buildStateHref('/search', { ...state, q: suggestion, page: 1 }) },
    /** The past-the-end notice, when the page asked for is past the last. */
    pastEnd: pastEnd
      ? {
          text: `There is no page ${state.page}: this search has ${pages === 1 ? 'one page' : `${pages} pages`}.`,
          href: buildStateHref('/search', { ...state, page: pages }),
          link: `Go to ${pages === 1 ? 'the results' : `page ${pages}`}`,
        }
      : undefined,
  };
}

/** The catalog browser's slots as planSearchView fills them. */
export type SearchView = ReturnType<typeof planSearchView>;
