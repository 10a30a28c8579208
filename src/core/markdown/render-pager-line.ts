import { findListNeighbours } from '../links/list-pages.ts';
import { toMarkdownPath } from '../links/to-markdown-path.ts';

/** The line a paged list's twin carries: where it is, and its neighbours' twins. */
export function renderPagerLine(siteUrl: string, n: number, pages: number, pathOf: (n: number) => string): string | false {
  if (pages <= 1) return false;
  const { prev, next } = findListNeighbours(n, pages, pathOf);
  return [`Page ${n} of ${pages}.`, prev && `Previous: ${siteUrl}${toMarkdownPath(prev)}`, next && `Next: ${siteUrl}${toMarkdownPath(next)}`].filter(Boolean).join(' ');
}
