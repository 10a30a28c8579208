import { describeUnderstood } from '../../core/markdown/describe-understood.ts';
import type { UnderstoodQuery } from '../../schemas/responses.ts';
import { buildStateHref, type CatalogState } from './catalog-state.ts';

/**
 * Shows what the search read from the query in `box` (CatalogBrowser's `understood` block, which
 * the server fills with the same lines): one paragraph per line, links loading in place (`data-nav`).
 */
export function fillUnderstood(box: HTMLElement, understood: UnderstoodQuery | undefined, state: CatalogState): void {
  const lines = describeUnderstood(understood, (q) => buildStateHref('/search', { ...state, q, page: 1 }));
  box.replaceChildren(
    ...lines.map((parts) => {
      const line = document.createElement('p');
      for (const part of parts) {
        if (typeof part === 'string') line.append(part);
        else {
          const link = document.createElement('a');
          link.href = part.href;
          link.dataset.nav = '';
          link.textContent = part.text;
          line.append(link);
        }
      }
      return line;
    }),
  );
  box.hidden = !lines.length;
}
