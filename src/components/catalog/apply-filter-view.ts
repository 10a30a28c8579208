import type { FilterKey } from './catalog-state.ts';
import type { FilterView } from './filter-chips.ts';
import { renderReadingsHtml } from './render-view-html.ts';

/** The catalog's categories as the server drew them in the Category chips (the browser view plans with them). */
export function readChipCategories(root: HTMLElement): { id: string; label: string }[] {
  return [...root.querySelectorAll<HTMLAnchorElement>('a[data-filter-key="category"]')]
    .filter((c) => c.dataset.filterValue)
    .map((c) => ({ id: c.dataset.filterValue!, label: c.firstChild?.textContent ?? '' }));
}

/**
 * Brings the filter controls the server rendered (FilterBar.astro) to `view` (planSearchView's
 * `filters`, the view the server draws), so a chip looks the same after typing as after a reload.
 */
export function applyFilterView(root: HTMLElement, view: FilterView): void {
  for (const chip of root.querySelectorAll<HTMLAnchorElement>('a[data-filter-key]')) {
    const group = view.groups.find((g) => g.key === (chip.dataset.filterKey as FilterKey));
    const model = group?.chips.find((c) => c.value === (chip.dataset.filterValue ?? ''));
    if (!model) continue;
    chip.setAttribute('href', model.href);
    if (model.selected) chip.setAttribute('aria-current', 'true');
    else chip.removeAttribute('aria-current');
    chip.querySelector('[data-role="read-from"]')!.textContent = model.readFrom ? ` · from “${model.readFrom}”` : '';
  }
  const box = root.querySelector<HTMLElement>('[data-role="readings"]')!;
  box.innerHTML = renderReadingsHtml(view.readings);
  box.hidden = !view.readings.length;
  root.querySelector('[data-role="filter-summary"]')!.textContent = view.active.length ? view.active.join(' · ') : 'Any';
}
