import type { FilterWordsFile } from '../../schemas/filter-words.ts';
import type { Template } from '../../schemas/template.ts';
import { createTemplateSearch, type TemplateSearch } from './create-template-search.ts';
import { createFilterColumns, filterPositions, isEmptyFilters } from './match-filters.ts';
import type { QueryFilters } from '../../schemas/responses.ts';
import { createConstraintReader, spellDecades, type GivenFilters, type QueryReading } from './read-constraints.ts';
import type { SearchIndex } from './search-index.ts';
import { collectTopicalPairs, type TopicalPair } from './topical-pairs.ts';
import { normalizeQuery, type SearchOptions } from './search-options.ts';
import { splitQueryWords } from './tokenize-text.ts';
import { listPositions } from './term-hits.ts';
import type { MatchExplainer, WordMatch } from './explain-matches.ts';

/** One query's answer: the words' matches that meet the constraints read from the query, best first. */
export interface QueryAnswer {
  /** Positions in the catalog's templates (newest first), best first. */
  positions: Int32Array;
  /** The words' matches before the constraints (for counting what dropping one would give). */
  matched: Int32Array;
  /** "Did you mean": the whole query (constraint words included) with its mistyped words corrected. */
  suggestion?: string;
  /** The constraints read from the query, when it has constraint words. */
  reading?: QueryReading;
  /** Why each template is there: its words' matches (filters read from the query included), and the words none matched. */
  explain: QueryExplainer;
}

/** The `matched` and `unmatched` of an answer, computed for the templates shown only. */
export interface QueryExplainer {
  /** Each query word's match in the template at `position`: words, then the filters read from the query. */
  listMatches(position: number): WordMatch[];
  /** The query words (stop words aside) no template among `positions` matched literally, then words naming a fact the catalog lacks. */
  listUnmatched(positions: ArrayLike<number>): string[];
}

const NO_WORDS: MatchExplainer = { hasMeaning: false, markLiteral: () => {}, listMatches: () => [], listUnmatched: () => [] };

/** The words' explainer with the reading's filters added: each applied constraint matched every template kept. */
function explainWithFilters(words: MatchExplainer, reading: QueryReading | undefined): QueryExplainer {
  const filters: WordMatch[] = (reading?.constraints ?? []).filter((c) => c.use === 'applied').map((c) => ({ word: c.text, how: 'filter', term: c.label }));
  const unknown = reading?.unknown ?? [];
  return {
    listMatches: (position) => [...words.listMatches(position), ...filters],
    listUnmatched: (positions) => [...words.listUnmatched(positions), ...unknown],
  };
}

/** What the search reads constraints with: the catalog's filter words, and the pairs its titles and tags make with them (collected when not given). */
export interface QueryVocabulary {
  filterWords: FilterWordsFile;
  topicalPairs?: readonly TopicalPair[] | undefined;
}

/** The search behind every surface: read the constraints, match the words left, keep what meets them. */
export interface QuerySearch {
  /** `suggest` false skips "did you mean" (checking a suggestion searches with it). */
  (q: string, given?: GivenFilters, suggest?: boolean): QueryAnswer;
  /** The words search alone (no constraint reading): completion and "nearest id" hints. */
  readonly words: TemplateSearch;
  /** The positions whose templates meet `filters`, in the order given. */
  keep(positions: ArrayLike<number>, filters: QueryFilters): Int32Array;
}

/** `suggestion` (for the words left) carried back into the whole query, constraint words kept. */
function restoreSuggestion(text: string, words: string, suggestion: string): string {
  const typed = splitQueryWords(words);
  const fixed = suggestion.split(' ');
  if (typed.length !== fixed.length) return suggestion;
  const fixes = new Map(typed.map((w, i) => [w, fixed[i]!]));
  return splitQueryWords(text).map((w) => fixes.get(w) ?? w).join(' ');
}

/**
 * The catalog's search: the query-understanding step (read-constraints.ts) takes tier, format,
 * duration, price and editable-part constraints out of the words as filters, the rest is matched
 * and ranked (createTemplateSearch), and only templates meeting the constraints are kept. When
 * they leave nothing the answer is empty: constraints are never quietly relaxed.
 */
export function createQuerySearch(index: SearchIndex, templates: readonly Template[], vocabulary: QueryVocabulary, options: SearchOptions = {}): QuerySearch {
  const words = createTemplateSearch(index, templates, options);
  const read = createConstraintReader(vocabulary.filterWords, vocabulary.topicalPairs ?? collectTopicalPairs(index, templates, vocabulary.filterWords));
  const everyTemplate = listPositions(templates.length);
  let columns = options.once ? undefined : createFilterColumns(templates);
  const keep = (positions: ArrayLike<number>, filters: QueryFilters) => filterPositions((columns ??= createFilterColumns(templates)), positions, filters);

  /** A suggestion is given only when searching with it finds templates (the same parameters given). */
  const findsTemplates = (suggestion: string | undefined, given: GivenFilters | undefined) =>
    suggestion !== undefined && search(suggestion, given, false).positions.length > 0;

  const search = (q: string, given?: GivenFilters, suggest = true): QueryAnswer => {
    const text = normalizeQuery(q);
    const reading = read(text, given);
    if (!reading) {
      const answer = words(spellDecades(text));
      const suggestion = suggest && findsTemplates(answer.suggestion, given) ? answer.suggestion : undefined;
      return { positions: answer.positions, matched: answer.positions, explain: answer.explain, ...(suggestion ? { suggestion } : {}) };
    }
    // A tier or format word a template has in its title or tags ("vertical") also ranks it.
    const named = reading.constraints.flatMap((c) => (c.use === 'applied' && (c.key === 'tier' || c.key === 'format') ? splitQueryWords(c.text) : []));
    const answer = reading.words || named.length ? words(spellDecades(reading.words), named) : undefined;
    const matched = answer?.positions ?? everyTemplate;
    const positions = isEmptyFilters(reading.filters) ? matched : keep(matched, reading.filters);
    const restored = answer?.suggestion && restoreSuggestion(text, reading.words, answer.suggestion);
    const suggestion = suggest && restored && findsTemplates(restored, given) ? restored : undefined;
    return { positions, matched, reading, explain: explainWithFilters(answer?.explain ?? NO_WORDS, reading), ...(suggestion ? { suggestion } : {}) };
  };
  return Object.assign(search, { words, keep });
}
