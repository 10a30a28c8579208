import type { Template } from '../../schemas/template.ts';

/**
 * What makes a parsed template compactable (compact-templates.ts): exactly the published fields
 * in the published order, and derived fields that are what the catalog's prefixes derive.
 */

/** The published field order (deriveTemplate's), version left out: it sits before publishedAt when present. */
export const FIELDS = ['id', 'slug', 'title', 'description', 'category', 'categoryLabel', 'tier', 'priceCents', 'priceUsd', 'durationSeconds', 'formats', 'editable', 'tags', 'examples', 'poster', 'url', 'markdownUrl', 'studioUrl'];

/** The addresses every compact template of one catalog is derived from. */
export interface Prefixes {
  /** `…/templates/`: the page is this and the slug. */
  page: string;
  /** `…/posters/`: the posters are this, the slug, an example's number and `.svg`. */
  poster: string;
  /** `…/new?template=`: the studio address is this and the id. */
  studio: string;
}

/** The prefixes of a catalog, read from its first template with a page, a poster and a studio address that end as derived. */
export function readPrefixes(t: Template): Prefixes | undefined {
  const cut = (s: unknown, tail: string) => (typeof s === 'string' && s.endsWith(tail) ? s.slice(0, s.length - tail.length) : undefined);
  const page = cut(t.url, t.slug);
  const poster = cut(t.poster, `${t.slug}.svg`);
  const studio = cut(t.studioUrl, t.id);
  return page !== undefined && poster !== undefined && studio !== undefined ? { page, poster, studio } : undefined;
}

/** Whether `t` has exactly the published fields, in order (version optional). */
function hasPublishedFields(t: object): boolean {
  let i = 0;
  let versioned = false;
  for (const key in t) {
    if (i < FIELDS.length) {
      if (key !== FIELDS[i++]) return false;
    } else if (key === 'version' && !versioned && i === FIELDS.length) {
      versioned = true;
    } else if (key === 'publishedAt' && i === FIELDS.length) {
      i++;
    } else return false;
  }
  return i === FIELDS.length + 1;
}

/** Whether `text` is `head`, `middle` and `tail` run together (compared in place: no string is made). */
export function isJoined(text: unknown, head: string, middle: string, tail = ''): boolean {
  return typeof text === 'string' && text.length === head.length + middle.length + tail.length && text.startsWith(head) && text.startsWith(middle, head.length) && text.endsWith(tail);
}

/** Whether the derived fields of `t` are what a compact template derives. */
export function readsBack(t: Template, p: Prefixes, labels: ReadonlyMap<string, string>): boolean {
  if (!hasPublishedFields(t) || !Array.isArray(t.formats) || !Array.isArray(t.tags) || typeof t.editable !== 'object' || t.editable === null) return false;
  if (typeof t.category !== 'string' || typeof t.priceCents !== 'number' || labels.get(t.category) !== t.categoryLabel || t.priceUsd !== t.priceCents / 100) return false;
  return isJoined(t.url, p.page, t.slug) && isJoined(t.markdownUrl, p.page, t.slug, '.md') && isJoined(t.studioUrl, p.studio, t.id) && isJoined(t.poster, p.poster, t.slug, '.svg');
}
