/**
 * Progressive enhancement of the catalog browser: results follow typing (debounced), filters
 * and pages load in place, and the address mirrors the state so links and Back work.
 * Without this script every control is a plain link or GET form to /search.
 */
import type { UnderstoodQuery } from '../../schemas/responses.ts';
import type { Template } from '../../schemas/template.ts';
import { fillUnderstood } from './fill-understood.ts';
import { fillCard } from './fill-card.ts';
import { applyFilterView } from './apply-filter-view.ts';
import {
  buildStateHref,
  countPages,
  describeResultCount,
  isEmptyState,
  readCatalogState,
  toApiParams,
  toSearchParams,
  type CatalogState,
  type FilterKey,
} from './catalog-state.ts';

const DEBOUNCE_MS = 300;

interface ListAnswer {
  total: number;
  templates: Template[];
  suggestion?: string;
  understood?: UnderstoodQuery;
}

/** An error answer of the API, shown to the person instead of results. */
class ListError extends Error {}

async function fetchList(query: string, signal: AbortSignal): Promise<ListAnswer> {
  const res = await fetch(`/api/v1/templates?${query}`, { signal, headers: { Accept: 'application/json' } });
  const body = (await res.json()) as Partial<ListAnswer> & { message?: string; retryAfter?: number };
  if (res.status === 429) throw new ListError(`Too many searches in a row. Try again in ${body.retryAfter ?? 60} seconds.`);
  if (!res.ok) throw new ListError(body.message ?? 'The search could not run.');
  return { total: body.total ?? body.templates?.length ?? 0, templates: body.templates ?? [], suggestion: body.suggestion, understood: body.understood };
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

  const current = () => readCatalogState(new URLSearchParams(location.search));

  function updateControls(state: CatalogState, understood?: UnderstoodQuery): void {
    if (document.activeElement !== input) input.value = state.q;
    for (const hidden of root.querySelectorAll<HTMLInputElement>('[data-role="hidden-filter"]')) {
      hidden.value = state[hidden.name as FilterKey];
      hidden.disabled = !hidden.value;
    }
    applyFilterView(root, state, understood);
  }

  function render(state: CatalogState, answer: ListAnswer | undefined, error?: string): void {
    const empty = isEmptyState(state);
    const homeView = home && empty && state.page === 1;
    const pages = countPages(answer?.total ?? 0, pageSize);
    $('heading').textContent = empty ? (root.dataset.headingEmpty ?? '') : (root.dataset.headingResults ?? '');
    $('count').textContent = error ? 'The search could not run.' : describeResultCount(answer!.total, answer!.templates.length, state, pageSize);
    $('error').hidden = !error;
    $('error-text').textContent = error ?? '';
    grid.replaceChildren(...(answer?.templates ?? []).map((t) => fillCard(cardTemplate, t, siteOrigin)));
    $('empty').hidden = Boolean(error) || (answer?.total ?? 0) > 0;
    $('see-all').hidden = !(homeView && (answer?.total ?? 0) > (answer?.templates.length ?? 0));
    $('pager').hidden = pages <= 1 || homeView;
    const prev = $<HTMLAnchorElement>('prev');
    const next = $<HTMLAnchorElement>('next');
    prev.hidden = state.page <= 1;
    prev.href = buildStateHref('/search', { ...state, page: Math.max(1, Math.min(state.page - 1, pages)) });
    next.hidden = state.page >= pages;
    next.href = buildStateHref('/search', { ...state, page: state.page + 1 });
    $('page-label').textContent = `Page ${Math.min(state.page, pages)} of ${pages}`;
    showSuggestion(state, answer?.suggestion);
    updateControls(state, answer?.understood);
    fillUnderstood($('understood'), answer?.understood, state);
  }


  /** The "did you mean" line of /search (outside the browser), kept in step with the results. */
  function showSuggestion(state: CatalogState, suggestion: string | undefined): void {
    const hint = document.querySelector<HTMLElement>('[data-search-suggestion]');
    const link = hint?.querySelector('a');
    if (!hint || !link) return;
    hint.hidden = !suggestion;
    link.textContent = suggestion ?? '';
    link.href = buildStateHref('/search', { ...state, q: suggestion ?? '', page: 1 });
  }

  async function show(state: CatalogState, mode: 'push' | 'replace' | 'none'): Promise<void> {
    if (mode !== 'none') history[mode === 'push' ? 'pushState' : 'replaceState'](null, '', buildStateHref(location.pathname, state));
    updateControls(state);
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
      if (err instanceof ListError) render(state, undefined, err.message);
      else location.assign(buildStateHref('/search', state)); // offline or no API: let the server page answer
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
    void show(readCatalogState(new URL(link.href).searchParams), 'push');
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
