/**
 * Progressive enhancement of the catalog browser: results follow typing (debounced), filters
 * and pages load in place, and the address mirrors the state so links and Back work.
 * Without this script every control is a plain link or GET form to /search (on the home, a
 * link to the prerendered list that lists the same, where there is one).
 */
import { fillCard } from './fill-card.ts';
import { applyFilterView, readChipCategories } from './apply-filter-view.ts';
import { buildStateHref, readCatalogState, toApiParams, toSearchParams, withFilter, type CatalogState, type FilterKey } from './catalog-state.ts';
import { planSearchView, type SearchAnswerView, type SearchView } from './plan-search-view.ts';
import { findPrerenderedList } from './prerendered-list.ts';
import { renderLinesHtml, renderSortHtml } from './render-view-html.ts';

const DEBOUNCE_MS = 300;

type ListAnswer = SearchAnswerView;

/** An error answer of the API, shown to the person instead of results (unless the function is down: `unavailable`). */
class ListError extends Error {
  readonly unavailable: boolean;
  constructor(message: string, unavailable = false) {
    super(message);
    this.unavailable = unavailable;
  }
}

async function fetchList(query: string, signal: AbortSignal): Promise<ListAnswer> {
  const res = await fetch(`/api/v1/templates?${query}`, { signal, headers: { Accept: 'application/json' } });
  const body = (await res.json()) as Partial<ListAnswer> & { message?: string; retryAfter?: number };
  if (res.status === 429) throw new ListError(`Too many searches in a row. Try again in ${body.retryAfter ?? 60} seconds.`);
  if (!res.ok) throw new ListError(body.message ?? 'The search could not run.', res.status >= 500);
  const { templates = [], suggestion, understood, unmatched } = body;
  return { total: body.total ?? templates.length, templates, suggestion, understood, unmatched };
}

/** Wires one catalog browser (the element carrying `data-catalog`). */
export function enhanceCatalog(root: HTMLElement): void {
  const pageSize = Number(root.dataset.pageSize) || 24;
  const home = root.dataset.home === 'true';
  const $ = <T extends Element = HTMLElement>(role: string) => root.querySelector<T>(`[data-role="${role}"]`)!;
  const input = $<HTMLInputElement>('q');
  const results = root.querySelector<HTMLElement>('.catalog__results')!;
  const grid = results.querySelector<HTMLUListElement>('.grid')!;
  const cardTemplate = $<HTMLTemplateElement>('card-template');
  const cache = new Map<string, ListAnswer>();
  const canonical = document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;
  const siteOrigin = canonical ? new URL(canonical).origin : location.origin;
  let controller: AbortController | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let typing = false; // the first keystroke of a burst adds a history entry, the rest replace it

  const place = { pageSize, home, headingEmpty: root.dataset.headingEmpty ?? '', categories: readChipCategories(root) };
  const current = () => readCatalogState(new URLSearchParams(location.search));

  function updateControls(state: CatalogState, view: SearchView): void {
    if (document.activeElement !== input) input.value = state.q;
    input.setAttribute('value', state.q);
    for (const hidden of root.querySelectorAll<HTMLInputElement>('[data-role="hidden-filter"]')) {
      hidden.value = state[hidden.name as FilterKey];
      hidden.setAttribute('value', hidden.value);
      hidden.disabled = !hidden.value;
    }
    applyFilterView(root, view.filters);
  }

  /** Fills every slot of the browser (and the /search head around it) with planSearchView's values. */
  function render(state: CatalogState, answer: ListAnswer | undefined, error?: string): void {
    const view = planSearchView(state, answer, place, error);
    const text = (el: Element | null, value: string) => el && (el.textContent = value);
    $('heading').textContent = view.resultsHeading;
    $('count').textContent = view.count;
    $('error').hidden = !view.error;
    $('error-text').textContent = view.error;
    $('understood').innerHTML = renderLinesHtml(view.understood);
    $('understood').hidden = !view.understood.length;
    $('sort').innerHTML = renderSortHtml(view.sort);
    $('sort').hidden = !view.sort.length;
    $('unmatched').textContent = view.unmatched;
    $('unmatched').hidden = !view.unmatched;
    grid.replaceChildren(...view.templates.map((t) => fillCard(cardTemplate, t, siteOrigin)));
    $('empty').hidden = view.emptyHidden;
    $('see-all').hidden = view.seeAllHidden;
    $('see-all').querySelector('a')!.textContent = view.seeAllText;
    $('see-all').querySelector('a')!.setAttribute('href', view.seeAllHref);
    $('pager').hidden = view.pager.hidden;
    for (const [role, href] of [['prev', view.pager.prev], ['next', view.pager.next]] as const) {
      const link = $<HTMLAnchorElement>(role);
      link.hidden = !href;
      link.setAttribute('href', href || '/search');
    }
    $('page-label').textContent = view.pager.label;
    // The /search head (outside the browser; the home page has none).
    text(document.querySelector('[data-field="heading"]'), view.heading);
    const hint = document.querySelector<HTMLElement>('[data-search-suggestion]');
    if (hint) hint.hidden = !view.suggestion.text;
    const suggestion = document.querySelector('[data-field="suggestion"]');
    text(suggestion, view.suggestion.text);
    suggestion?.setAttribute('href', view.suggestion.href);
    const pastEnd = document.querySelector<HTMLElement>('[data-role="past-end"]');
    if (pastEnd) pastEnd.hidden = !view.pastEnd;
    text(document.querySelector('[data-field="past-end-text"]'), view.pastEnd?.text ?? '');
    const pastEndLink = document.querySelector('[data-field="past-end-link"]');
    text(pastEndLink, view.pastEnd?.link ?? '');
    pastEndLink?.setAttribute('href', view.pastEnd?.href ?? '/search');
    updateControls(state, view);
  }

  async function show(state: CatalogState, mode: 'push' | 'replace' | 'none'): Promise<void> {
    if (mode !== 'none') history[mode === 'push' ? 'pushState' : 'replaceState'](null, '', buildStateHref(location.pathname, state));
    updateControls(state, planSearchView(state, undefined, place));
    const key = toApiParams(state, pageSize).toString();
    controller?.abort();
    const own = (controller = new AbortController());
    results.setAttribute('aria-busy', 'true');
    try {
      const answer = cache.get(key) ?? (await fetchList(key, own.signal));
      cache.set(key, answer);
      render(state, answer);
    } catch (err) {
      if (own.signal.aborted) return;
      // No function behind the site (a static host alone, or the function down): the prerendered
      // list that lists the same answers; else the server's /search (the host's 503 page if none).
      const prerendered = findPrerenderedList(state, place.categories.map((c) => c.id));
      if (err instanceof ListError && !(err.unavailable && prerendered)) render(state, undefined, err.message);
      else location.replace(prerendered ?? buildStateHref('/search', state)); // replace: Back skips the state that could not load
    } finally {
      if (controller === own) results.removeAttribute('aria-busy');
    }
  }

  input.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      void show({ ...current(), q: input.value.trim(), page: 1 }, typing ? 'replace' : 'push');
      typing = true;
    }, DEBOUNCE_MS);
  });

  $<HTMLFormElement>('search-form').addEventListener('submit', (event) => {
    event.preventDefault();
    clearTimeout(timer);
    const state = { ...current(), q: input.value.trim(), page: 1 };
    if (buildStateHref('', state) !== buildStateHref('', current())) void show(state, typing ? 'replace' : 'push');
    typing = false;
  });

  root.addEventListener('click', (event) => {
    const link = (event.target as Element).closest<HTMLAnchorElement>('a[data-filter-key], [data-role="pager"] a, a[data-nav]');
    if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    typing = false;
    // A chip that links a prerendered list (on the home) carries no parameters: its state is its choice.
    const target = new URL(link.href);
    const chip = link.dataset.filterKey as FilterKey | undefined;
    const state = chip && target.pathname !== '/search' ? withFilter(current(), chip, link.dataset.filterValue ?? '') : readCatalogState(target.searchParams);
    void show(state, 'push');
    if (link.closest('[data-role="pager"]')) {
      const heading = $<HTMLElement>('heading');
      heading.focus();
      heading.scrollIntoView({ block: 'start' });
    }
  });

  window.addEventListener('popstate', () => {
    typing = false;
    void show(current(), 'none');
  });

  // The server rendered one state; an address like /?tier=free asks for another.
  // (After a 400 the server dropped the bad values on purpose; fetching would only repeat the error.)
  const rendered = readCatalogState(new URLSearchParams(root.dataset.state ?? ''));
  const serverError = !$('error').hidden;
  if (!serverError && toSearchParams(current()).toString() !== toSearchParams(rendered).toString()) void show(current(), 'none');
}
