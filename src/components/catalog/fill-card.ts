import type { Template } from '../../schemas/template.ts';
import { categoryLabelOf, formatDuration, formatPrice } from '../../core/markdown/format-facts.ts';
import { toOwnPath } from '../../core/links/to-own-path.ts';
import { toMotionPosterPath } from '../../core/poster/motion-poster.ts';

/**
 * A copy of the card markup (TemplateCard.astro, kept in a `<template>`) filled for `t`, so
 * live results look and move like the server's cards. `siteOrigin` is SITE_URL's origin: the
 * API names it, and the page may be served elsewhere, so posters are linked root-relative.
 */
export function fillCard(cardTemplate: HTMLTemplateElement, t: Template, siteOrigin: string): Node {
  const card = cardTemplate.content.firstElementChild!.cloneNode(true) as HTMLElement;
  const field = <T extends HTMLElement>(name: string) => card.querySelector<T>(`[data-field="${name}"]`)!;
  const link = field<HTMLAnchorElement>('link');
  link.href = `/templates/${t.slug}`;
  link.textContent = t.title;
  const poster = field<HTMLImageElement>('poster');
  poster.src = t.poster ? toOwnPath(t.poster, siteOrigin) : `/posters/${t.slug}.svg`;
  poster.loading = 'lazy';
  field<HTMLImageElement>('motion').src = toMotionPosterPath(t.slug);
  field<HTMLInputElement>('play').checked = false;
  field('play-label').lastElementChild!.textContent = ` of ${t.title}`;
  field('category').textContent = categoryLabelOf(t);
  const price = field('price');
  price.textContent = formatPrice(t.priceCents);
  price.className = `card__price badge badge--${t.tier}`;
  field('duration').textContent = formatDuration(t.durationSeconds);
  field('formats').textContent = t.formats.join(' · ');
  return card;
}
