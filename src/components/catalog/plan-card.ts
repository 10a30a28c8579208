import type { Template } from '../../schemas/template.ts';
import { categoryLabelOf, formatDuration, formatPrice } from '../../core/markdown/format-facts.ts';
import { toOwnPath } from '../../core/links/to-own-path.ts';
import { toMotionPosterPath } from '../../core/poster/motion-poster.ts';
import { describeMeaning, type MatchedWord } from './plan-search-view.ts';

/**
 * What one card shows, by the `data-field` slot it fills (TemplateCard.astro and PosterPreview.astro
 * hold the markup). The server page, the browser script (fill-card.ts) and the edge function
 * (src/function/fill-search-shell.ts) all fill a card from this, so a card reads the same
 * whichever drew it. `siteUrl` is SITE_URL: posters it names are linked root-relative.
 */
export function planCard(t: Template & { matched?: readonly MatchedWord[] | undefined }, siteUrl: string) {
  return {
    href: `/templates/${t.slug}`,
    title: t.title,
    poster: t.poster ? toOwnPath(t.poster, siteUrl) : `/posters/${t.slug}.svg`,
    motion: toMotionPosterPath(t.slug),
    category: categoryLabelOf(t),
    price: formatPrice(t.priceCents),
    priceClass: `card__price badge badge--${t.tier}`,
    duration: formatDuration(t.durationSeconds),
    formats: t.formats.join(' · '),
    /** The query words this template matched only by meaning ('' when none, or without a query). */
    meaning: describeMeaning(t.matched),
  };
}

/** A card's slots as planCard fills them. */
export type CardPlan = ReturnType<typeof planCard>;
