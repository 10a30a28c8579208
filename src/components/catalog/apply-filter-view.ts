import type { UnderstoodQuery } from '../../schemas/responses.ts';
import type { CatalogState, FilterKey } from './catalog-state.ts';
import { describeFilterView } from './filter-chips.ts';

/**
 * Brings the filter controls the server rendered (FilterBar.astro) to `state` and what the
 * search read from its words: the same view (describeFilterView) the server draws, so a chip
 * looks the same after typing as after a reload.
 */
export function applyFilterView(root: HTMLElement, state: CatalogState, understood: UnderstoodQuery | undefined): void {
  const chips = [...root.querySelectorAll<HTMLAnchorElement>('a[data-filter-key]')];
  const categories = chips.filter((c) => c.dataset.filterKey === 'category' && c.dataset.filterValue).map((c) => ({ id: c.dataset.filterValue!, label: c.firstChild?.textContent ?? '' }));
  const view = describeFilterView(state, understood, categories);
  for (const chip of chips) {
    const group = view.groups.find((g) => g.key === (chip.dataset.filterKey as FilterKey));
    const model = group?.chips.find((c) => c.value === (chip.dataset.filterValue ?? ''));
    if (!model) continue;
    chip.href = model.href;
    if (model.selected) chip.setAttribute('aria-current', 'true');
    else chip.removeAttribute('aria-current');
    chip.querySelector('[data-role="read-from"]')!.textContent = model.readFrom ? ` · from “${model.readFrom}”` : '';
  }
  const box = root.querySelector<HTMLElement>('[data-role="readings"]')!;
  box.querySelector('[data-role="reading-list"]')!.replaceChildren(
    ...view.readings.map((r) => {
      const item = document.createElement('li');
      const link = Object.assign(document.createElement('a'), { className: 'chip', href: r.href });
      link.setAttribute('aria-current', 'true');
      link.dataset.nav = '';
      const drop = Object.assign(document.createElement('span'), { className: 'chip__drop', textContent: ' ×' });
      drop.setAttribute('aria-hidden', 'true');
      const note = Object.assign(document.createElement('span'), { className: 'visually-hidden', textContent: ` (read from “${r.text}”; remove)` });
      link.append(r.label, drop, note);
      item.append(link);
      return item;
    }),
  );
  box.hidden = !view.readings.length;
  root.querySelector('[data-role="filter-summary"]')!.textContent = view.active.length ? view.active.join(' · ') : 'Any';
}
