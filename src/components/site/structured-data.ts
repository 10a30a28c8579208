import type { Template } from '../../schemas/template.ts';
import { categoryLabelOf } from '../../core/markdown/format-facts.ts';

/** schema.org ItemList of template pages (home and category pages). */
export function buildItemList(name: string, url: string, templates: readonly Template[], total: number): Record<string, unknown> {
  return {
    '@type': 'ItemList',
    name,
    url,
    numberOfItems: total,
    itemListOrder: 'https://schema.org/ItemListOrderDescending',
    itemListElement: templates.map((t, i) => ({ '@type': 'ListItem', position: i + 1, url: t.url, name: t.title })),
  };
}

/** schema.org Product with one Offer per export (template page). */
export function buildTemplateProduct(t: Template): Record<string, unknown> {
  return {
    '@type': 'Product',
    name: t.title,
    description: t.description,
    url: t.url,
    sku: t.id,
    category: categoryLabelOf(t),
    ...(t.poster ? { image: t.poster } : {}),
    ...(t.tags?.length ? { keywords: t.tags.join(', ') } : {}),
    offers: {
      '@type': 'Offer',
      price: (t.priceCents / 100).toFixed(2),
      priceCurrency: 'USD',
      availability: 'https://schema.org/OnlineOnly',
      url: t.url,
      description: t.tier === 'free' ? 'Free to export' : 'Price per export',
    },
  };
}
