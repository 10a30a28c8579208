import { buildStateHref, countPages, describeResultCount, toSearchParams, type FilterKey } from '../components/catalog/catalog-state.ts';
import { describeFilterView, type FilterChip } from '../components/catalog/filter-chips.ts';
import { planCard } from '../components/catalog/plan-card.ts';
import type { SearchPagePlan } from '../components/catalog/plan-search-page.ts';
import { describeUnderstood, type LinePart } from '../core/markdown/describe-understood.ts';
import { SEARCH_PAGE_SIZE, SITE_NAME } from '../core/markdown/site-copy.ts';
import type { Template } from '../schemas/template.ts';
import { escapeHtml, NOINDEX, rewrite, setAttr, setHidden, type Handle, type RewriterClass } from './html-rewrite.ts';

/** The inner markup of the shell's `<template data-role="…">` (the build's own markup: no template nests). */
function sliceTemplate(shell: string, role: string): string {
  const start = shell.indexOf(`<template data-role="${role}"`);
  const open = shell.indexOf('>', start);
  const end = shell.indexOf('</template>', open);
  if (start < 0 || end < 0) throw new Error(`The search shell has no ${role} template`);
  return shell.slice(open + 1, end);
}

/** One card: the shell's card markup with planCard's values in its slots (the first two posters load at once, as on the origin's page). */
function fillCard(Rewriter: RewriterClass, card: string, t: Template, siteUrl: string, eager: boolean): Promise<string> {
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
  });
}

/** Lines of text and links (what the search understood; the reading chips), as CatalogBrowser and FilterBar draw them. */
const linesHtml = (lines: readonly LinePart[][]) =>
  lines.map((parts) => `<p>${parts.map((p) => (typeof p === 'string' ? escapeHtml(p) : `<a href="${escapeHtml(p.href)}" data-nav>${escapeHtml(p.text)}</a>`)).join('')}</p>`).join('');

/**
 * /search as HTML where the Astro page cannot run (workerd): the home page's markup (the
 * prerendered shell) with the page planSearchPage describes filled in, through the runtime's
 * HTMLRewriter. The markup of every part (cards, heading lines, filters, pager) is the shell's
 * own; this only fills its slots, as the browser script does, and drops the home page's other
 * sections. Returns the page's HTML.
 */
export async function fillSearchShell(Rewriter: RewriterClass, shell: string, plan: SearchPagePlan, siteUrl: string, categories: readonly { id: string; label: string }[]): Promise<string> {
  const { state } = plan.read;
  const templates = plan.result?.templates ?? [];
  const total = plan.result?.total ?? 0;
  const pages = countPages(total, SEARCH_PAGE_SIZE);
  const card = sliceTemplate(shell, 'card-template');
  const cards = await Promise.all(templates.map((t, i) => fillCard(Rewriter, card, t, siteUrl, i < 2)));
  const head = await rewrite(Rewriter, sliceTemplate(shell, 'search-head'), {
    '[data-field="heading"]': (el) => el.setInnerContent(plan.heading),
    '[data-role="past-end"]': (el) => setHidden(el, !plan.pastEnd),
    '[data-field="past-end-text"]': (el) => el.setInnerContent(plan.pastEnd?.text ?? ''),
    '[data-field="past-end-link"]': (el) => {
      setAttr(el, 'href', plan.pastEnd?.href ?? '/search');
      el.setInnerContent(plan.pastEnd?.link ?? '');
    },
    '[data-search-suggestion]': (el) => setHidden(el, !plan.suggestion.text),
    '[data-field="suggestion"]': (el) => {
      setAttr(el, 'href', plan.suggestion.href);
      el.setInnerContent(plan.suggestion.text);
    },
  });
  const understood = plan.result?.understood;
  const view = describeFilterView(state, understood, categories);
  let chip: FilterChip | undefined;
  const meta = (content: string): Handle => (el) => setAttr(el, 'content', content);
  const understoodLines = describeUnderstood(understood, (q) => buildStateHref('/search', { ...state, q, page: 1 }));
  const prev = state.page > 1 ? buildStateHref('/search', { ...state, page: Math.min(state.page - 1, pages) }) : undefined;
  const next = state.page < pages ? buildStateHref('/search', { ...state, page: state.page + 1 }) : undefined;
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
    'meta[property^="og:image"], meta[name^="twitter:image"], script[type="application/ld+json"], main > section, template[data-role="search-head"]': (el) => el.remove(),
    'header nav a[aria-current]': (el) => el.removeAttribute('aria-current'),
    'header nav a[href="/search"]': (el) => setAttr(el, 'aria-current', 'page'),
    '[data-catalog]': (el) => {
      el.before(head, { html: true });
      setAttr(el, 'data-home', 'false');
      setAttr(el, 'data-state', toSearchParams(state).toString());
      setAttr(el, 'data-heading-empty', 'Newest first');
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
      chip = view.groups.find((g) => g.key === key)?.chips.find((c) => c.value === value);
      if (!chip) return;
      setAttr(el, 'href', chip.href);
      if (chip.selected) setAttr(el, 'aria-current', 'true');
      else el.removeAttribute('aria-current');
    },
    'a[data-filter-key] [data-role="read-from"]': (el) => el.setInnerContent(chip?.readFrom ? ` · from “${chip.readFrom}”` : ''),
    '[data-role="filter-summary"]': (el) => el.setInnerContent(view.active.length ? view.active.join(' · ') : 'Any'),
    '[data-role="readings"]': (el) => setHidden(el, !view.readings.length),
    '[data-role="reading-list"]': (el) =>
      el.setInnerContent(
        view.readings.map((r) => `<li><a class="chip" href="${escapeHtml(r.href)}" aria-current="true" data-nav>${escapeHtml(r.label)}<span class="chip__drop" aria-hidden="true"> ×</span><span class="visually-hidden"> (read from “${escapeHtml(r.text)}”; remove)</span></a></li>`)
          .join(''),
        { html: true },
      ),
    '[data-role="heading"]': (el) => el.setInnerContent(plan.empty ? 'Newest first' : 'Search results'),
    '[data-role="count"]': (el) => el.setInnerContent(plan.error ? 'The search could not run.' : describeResultCount(total, templates.length, state, SEARCH_PAGE_SIZE)),
    '[data-role="understood"]': (el) => {
      setHidden(el, !understoodLines.length);
      el.setInnerContent(linesHtml(understoodLines), { html: true });
    },
    '[data-role="error"]': (el) => setHidden(el, !plan.error),
    '[data-role="error-text"]': (el) => el.setInnerContent(plan.error ?? ''),
    '.catalog__results > ul.grid': (el) => el.setInnerContent(cards.join(''), { html: true }),
    '[data-role="empty"]': (el) => setHidden(el, Boolean(plan.error) || templates.length > 0 || total > 0),
    '[data-role="pager"]': (el) => setHidden(el, pages <= 1),
    '[data-role="prev"]': (el) => {
      setAttr(el, 'href', prev ?? '/search');
      setHidden(el, !prev);
    },
    '[data-role="next"]': (el) => {
      setAttr(el, 'href', next ?? '/search');
      setHidden(el, !next);
    },
    '[data-role="page-label"]': (el) => el.setInnerContent(`Page ${Math.min(state.page, pages)} of ${pages}`),
    '[data-role="see-all"]': (el) => setHidden(el, true),
  });
}
