import { z } from 'zod';
import { toCurrentSocialImagePath, SOCIAL_IMAGE } from '../../core/links/social-image.ts';
import { matchedTemplateSchema, templateListSchema, understoodQuerySchema, type TemplateList } from '../../schemas/responses.ts';
import { templateSchema, type Template } from '../../schemas/template.ts';

/**
 * A template as a search answer carries it: the facts that decide a choice (format, tier,
 * price, duration), its page and its poster. Everything else is one get_template away.
 */
export const templateCardSchema = templateSchema
  .pick({ id: true, title: true, category: true, tier: true, priceCents: true, durationSeconds: true, formats: true, url: true })
  .extend({
    image: z.url().optional().meta({ description: `Poster, a ${SOCIAL_IMAGE.width}x${SOCIAL_IMAGE.height} PNG.` }),
    matched: matchedTemplateSchema.shape.matched,
  })
  .meta({ id: 'TemplateCard', description: 'A template in brief.' });
export type TemplateCard = z.infer<typeof templateCardSchema>;

/**
 * search_templates' structured answer: the REST list's counts, facets and "did you mean", what
 * was read from the words in brief, and one card per template (the REST list carries whole
 * records, about four times the bytes).
 */
export const searchAnswerSchema = templateListSchema
  .pick({ count: true, total: true, limit: true, offset: true, facets: true, suggestion: true, unmatched: true, sort: true })
  .extend({
    understood: understoodQuerySchema.pick({ summary: true, words: true }).optional(),
    templates: z.array(templateCardSchema),
  });
export type SearchAnswer = z.infer<typeof searchAnswerSchema>;

/**
 * The PNG poster of a template at this site (the raster twin of its SVG poster): its un-hashed
 * address, which redirects to the current image. A card outlives an edit in an agent's context,
 * and naming the hash would need the palette read for every card of every search.
 */
export function buildPosterImageUrl(siteUrl: string, template: Pick<Template, 'slug'>): string {
  return `${siteUrl}${toCurrentSocialImagePath(template.slug)}`;
}

const cards = new WeakMap<Template, TemplateCard>();

/** A template's card (made once per loaded template: they never change). */
export function toTemplateCard(t: Template, siteUrl: string): TemplateCard {
  let card = cards.get(t);
  if (!card) {
    card = { id: t.id, title: t.title, category: t.category, tier: t.tier, priceCents: t.priceCents, durationSeconds: t.durationSeconds, formats: t.formats, url: t.url, image: buildPosterImageUrl(siteUrl, t) };
    cards.set(t, card);
  }
  return card;
}

/** The structured answer of a search, from the REST list it mirrors. */
export function toSearchAnswer(list: TemplateList, siteUrl: string): SearchAnswer {
  const { count, total, limit, offset, facets, suggestion, understood, unmatched, sort } = list;
  return {
    count,
    ...(total !== undefined && { total }),
    ...(limit !== undefined && { limit }),
    ...(offset !== undefined && { offset }),
    ...(facets && { facets }),
    ...(suggestion && { suggestion }),
    ...(understood && { understood: { summary: understood.summary, words: understood.words } }),
    ...(unmatched && { unmatched }),
    ...(sort && { sort }),
    // A card is shared (made once per template); its matches are this answer's own.
    templates: list.templates.map((t) => (t.matched ? { ...toTemplateCard(t, siteUrl), matched: t.matched } : toTemplateCard(t, siteUrl))),
  };
}
