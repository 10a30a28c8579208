import type { Template } from '../../schemas/template.ts';
import { planCard } from './plan-card.ts';
import type { MatchedWord } from './plan-search-view.ts';

/**
 * A copy of the card markup (TemplateCard.astro, kept in a `<template>`) filled for `t`, so
 * live results look and move like the server's cards. `siteOrigin` is SITE_URL's origin: the
 * API names it, and the page may be served elsewhere, so posters are linked root-relative.
 */
export function fillCard(cardTemplate: HTMLTemplateElement, t: Template & { matched?: readonly MatchedWord[] | undefined }, siteOrigin: string): Node {
  const plan = planCard(t, siteOrigin);
  const card = cardTemplate.content.firstElementChild!.cloneNode(true) as HTMLElement;
  const field = <T extends HTMLElement>(name: string) => card.querySelector<T>(`[data-field="${name}"]`)!;
  const link = field<HTMLAnchorElement>('link');
  link.href = plan.href;
  link.textContent = plan.title;
  const poster = field<HTMLImageElement>('poster');
  poster.src = plan.poster;
  poster.loading = 'lazy';
  field<HTMLImageElement>('motion').src = plan.motion;
  field<HTMLInputElement>('play').checked = false;
  field('play-label').lastElementChild!.textContent = ` of ${plan.title}`;
  field('category').textContent = plan.category;
  const price = field('price');
  price.textContent = plan.price;
  price.className = plan.priceClass;
  field('duration').textContent = plan.duration;
  field('formats').textContent = plan.formats;
  field('meaning').textContent = plan.meaning;
  field('meaning').hidden = !plan.meaning;
  return card;
}
