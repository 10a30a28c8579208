import type { CatalogFile, Category } from '../../schemas/catalog-file.ts';
import type { Template } from '../../schemas/template.ts';
import { orderFormats } from './order-formats.ts';

/** Base addresses every absolute URL is built from. */
export interface SiteUrls {
  siteUrl: string;
  studioUrl: string;
  mediaUrl: string;
}

/** Address of a template's page on the site. */
export function buildTemplateUrl(siteUrl: string, slug: string): string {
  return `${siteUrl}/templates/${slug}`;
}

/** Address of a poster image the build generates (`n` is the example index, absent for the main poster). */
export function buildPosterUrl(siteUrl: string, slug: string, n?: number): string {
  return `${siteUrl}/posters/${slug}${n === undefined ? '' : `-${n + 1}`}.svg`;
}

/** Studio address for a template id, with the optional site and format. */
export function buildStudioUrl(studioUrl: string, id: string, site?: string | null, format?: string): string {
  const params = new URLSearchParams({ template: id });
  if (site) params.set('site', site);
  if (format) params.set('format', format);
  return `${studioUrl}/new?${params}`;
}

/** Turns a validated catalog file into the public Template, computing every derived field. */
export function deriveTemplate(file: CatalogFile, category: Category, urls: SiteUrls): Template {
  const url = buildTemplateUrl(urls.siteUrl, file.slug);
  return {
    id: file.id,
    slug: file.slug,
    title: file.title,
    description: file.description,
    category: file.category,
    categoryLabel: category.label,
    tier: file.tier,
    priceCents: file.priceCents,
    priceUsd: file.priceCents / 100,
    durationSeconds: file.durationSeconds,
    formats: orderFormats(file.formats),
    editable: file.editable,
    tags: file.tags,
    examples: file.examples.map((ex, n) => ({
      brand: ex.brand,
      format: ex.format,
      video: `${urls.mediaUrl}/${ex.video}`,
      poster: buildPosterUrl(urls.siteUrl, file.slug, n),
    })),
    poster: buildPosterUrl(urls.siteUrl, file.slug),
    url,
    markdownUrl: `${url}.md`,
    studioUrl: buildStudioUrl(urls.studioUrl, file.id),
    ...(file.version ? { version: file.version } : {}),
    publishedAt: file.publishedAt,
  };
}
