import { toSearchParams, type FilterKey } from '../components/catalog/catalog-state.ts';
import type { FilterChip } from '../components/catalog/filter-chips.ts';
import { planCard } from '../components/catalog/plan-card.ts';
import { SEARCH_HEADING_EMPTY, type SearchPagePlan } from '../components/catalog/plan-search-page.ts';
import { renderLinesHtml, renderReadingsHtml, renderSortHtml } from '../components/catalog/render-view-html.ts';
import { SITE_NAME } from '../core/markdown/site-copy.ts';
import type { SearchView } from '../components/catalog/plan-search-view.ts';
import { NOINDEX, rewrite, setAttr, setHidden, type Handle, type RewriterClass } from './html-rewrite.ts';

/** The inner markup of the shell's `<template data-role="…">` (the build's own markup: no template nests). */
function sliceTemplate(shell: string, role: string): string {
  const start = shell.indexOf(`<template data-role="${role}"`);
  const open = shell.indexOf('>', start);
  const end = shell.indexOf('</template>', open);
  if (start < 0 || end < 0) throw new Error(`The search shell has no ${role} template`);
  return shell.slice(open + 1, end);
}

/** One card: the shell's card markup with planCard's values in its slots (the first two posters load at once, as on the origin's page). */
function fillCard(Rewriter: RewriterClass, card: string, t: SearchView['templates'][number], siteUrl: string, eager: boolean): Promise<string> {
  const plan = planCard(t, siteUrl);
  const text = (value: string): Handle => (el) => el.setInnerContent(value);
  return rewrite(Rewriter, card, {
    '[data-field="link"]': (el) => {
      setAttr(el, 'href', plan.href);
      el.setInnerContent(plan.title);
    },
    '[data-field="poster"]': (el) => {
      setAttr(el, 'src', plan.poster);
      setAttr(el, 'loading', eager ? 'eager' : 'lazy');
    },
    '[data-field="motion"]': (el) => setAttr(el, 'src', plan.motion),
    '[data-field="play-label"] span': text(` of ${plan.title}`),
    '[data-field="category"]': text(plan.category),
    '[data-field="price"]': (el) => {
      setAttr(el, 'class', plan.priceClass);
      el.setInnerContent(plan.price);
    },
    '[data-field="duration"]': text(plan.duration),
    '[data-field="formats"]': text(plan.formats),
    '[data-field="meaning"]': (el) => {
      el.setInnerContent(plan.meaning);
      setHidden(el, !plan.meaning);
    },
  });
}

/**
 * /search as HTML where the Astro page cannot run (workerd): the home page's markup (the
 * prerendered shell) with the page planSearchPage describes filled in, through the runtime's
 * HTMLRewriter. The markup of every part (cards, heading lines, filters, pager) is the shell's
 * own; this only fills its slots, as the browser script does, and drops the home page's other
 * sections. Returns the page's HTML.
 */
export async function fillSearchShell(
  Rewriter: RewriterClass,
  shell: string,
  plan: SearchPagePlan,
  siteUrl: string,
  /** Unused: the plan carries the filters it drew from the catalog's categories (kept so callers need not change). */
  _categories?: readonly { id: string; label: string }[],
): Promise<string> {
  const { state, view } = plan;
  const card = sliceTemplate(shell, 'card-template');
  const cards = await Promise.all(view.templates.map((t, i) => fillCard(Rewriter, card, t, siteUrl, i < 2)));
  const head = await rewrite(Rewriter, sliceTemplate(shell, 'search-head'), {
    '[data-field="heading"]': (el) => el.setInnerContent(view.heading),
    '[data-role="past-end"]': (el) => setHidden(el, !view.pastEnd),
    '[data-field="past-end-text"]': (el) => el.setInnerContent(view.pastEnd?.text ?? ''),
    '[data-field="past-end-link"]': (el) => {
      setAttr(el, 'href', view.pastEnd?.href ?? '/search');
      el.setInnerContent(view.pastEnd?.link ?? '');
    },
    '[data-search-suggestion]': (el) => setHidden(el, !view.suggestion.text),
    '[data-field="suggestion"]': (el) => {
      setAttr(el, 'href', view.suggestion.href);
      el.setInnerContent(view.suggestion.text);
    },
  });
  let chip: FilterChip | undefined;
  const meta = (content: string): Handle => (el) => setAttr(el, 'content', content);
  const text = (value: string): Handle => (el) => el.setInnerContent(value);
  const link = (href: string): Handle => (el) => {
    setAttr(el, 'href', href || '/search');
    setHidden(el, !href);
  };
  return rewrite(Rewriter, shell, {
    title: (el) => el.setInnerContent(`${plan.title} · ${SITE_NAME}`),
    'meta[name="description"]': meta(plan.description),
    'link[rel="canonical"]': (el) => setAttr(el, 'href', `${siteUrl}/search`),
    'link[rel="alternate"][type="text/markdown"]': (el) => setAttr(el, 'href', `${siteUrl}${plan.markdownPath}`),
    'meta[property="og:site_name"]': (el) => void (plan.noindex && el.before(NOINDEX, { html: true })),
    'meta[property="og:title"]': meta(plan.title),
    'meta[property="og:description"]': meta(plan.description),
    'meta[property="og:url"]': meta(`${siteUrl}/search`),
    'meta[name="twitter:card"]': meta('summary'),
    'footer a[type="text/markdown"]': (el) => setAttr(el, 'href', `${siteUrl}${plan.markdownPath}`),
    // The home page's own parts: its social image, item list, other sections, and the pages of the newest templates (visible pager, rel prev/next).
    'meta[property^="og:image"], meta[name^="twitter:image"], script[type="application/ld+json"], main > section, template[data-role="search-head"], main nav.list-pager, link[rel="prev"], link[rel="next"]': (el) => el.remove(),
    'header nav a[aria-current]': (el) => el.removeAttribute('aria-current'),
    'header nav a[href="/search"]': (el) => setAttr(el, 'aria-current', 'page'),
    '[data-catalog]': (el) => {
      el.before(head, { html: true });
      setAttr(el, 'data-home', 'false');
      setAttr(el, 'data-state', toSearchParams(state).toString());
      setAttr(el, 'data-heading-empty', SEARCH_HEADING_EMPTY);
    },
    'input[data-role="q"]': (el) => setAttr(el, 'value', state.q),
    'input[data-role="hidden-filter"]': (el) => {
      const value = state[el.getAttribute('name') as FilterKey] ?? '';
      setAttr(el, 'value', value);
      if (value) el.removeAttribute('disabled');
      else setAttr(el, 'disabled', '');
    },
    'a[data-filter-key]': (el) => {
      const key = el.getAttribute('data-filter-key') as FilterKey;
      const value = el.getAttribute('data-filter-value') ?? '';
      chip = view.filters.groups.find((g) => g.key === key)?.chips.find((c) => c.value === value);
      if (!chip) return;
      setAttr(el, 'href', chip.href);
      if (chip.selected) setAttr(el, 'aria-current', 'true');
      else el.removeAttribute('aria-current');
    },
    'a[data-filter-key] [data-role="read-from"]': (el) => el.setInnerContent(chip?.readFrom ? ` · from “${chip.readFrom}”` : ''),
    '[data-role="filter-summary"]': text(view.filters.active.length ? view.filters.active.join(' · ') : 'Any'),
    '[data-role="readings"]': (el) => {
      setHidden(el, !view.filters.readings.length);
      el.setInnerContent(renderReadingsHtml(view.filters.readings), { html: true });
    },
    '[data-role="heading"]': text(view.resultsHeading),
    '[data-role="count"]': text(view.count),
    '[data-role="understood"]': (el) => {
      setHidden(el, !view.understood.length);
      el.setInnerContent(renderLinesHtml(view.understood), { html: true });
    },
    '[data-role="sort"]': (el) => {
      setHidden(el, !view.sort.length);
      el.setInnerContent(renderSortHtml(view.sort), { html: true });
    },
    '[data-role="unmatched"]': (el) => {
      setHidden(el, !view.unmatched);
      el.setInnerContent(view.unmatched);
    },
    '[data-role="error"]': (el) => setHidden(el, !view.error),
    '[data-role="error-text"]': text(view.error),
    '.catalog__results > ul.grid': (el) => el.setInnerContent(cards.join(''), { html: true }),
    '[data-role="empty"]': (el) => setHidden(el, view.emptyHidden),
    '[data-role="pager"]': (el) => setHidden(el, view.pager.hidden),
    '[data-role="prev"]': link(view.pager.prev),
    '[data-role="next"]': link(view.pager.next),
    '[data-role="page-label"]': text(view.pager.label),
    '[data-role="see-all"]': (el) => setHidden(el, view.seeAllHidden),
    '[data-role="see-all"] a': (el) => {
      setAttr(el, 'href', view.seeAllHref); // the shell's was the home's (its next prerendered page)
      el.setInnerContent(view.seeAllText);
    },
  });
}
