import { validateCatalog, type ValidCatalog } from '../../../src/core/catalog/validate-catalog.ts';
import { readCatalogSources } from '../../../src/site/load-site-catalog.ts';
import type { Template } from '../../../src/schemas/template.ts';

/** Base addresses the fixture templates are derived with. */
export const URLS = { siteUrl: 'https://catalog.example.org', studioUrl: 'https://studio.example.com', mediaUrl: 'https://media.example.com' };

/** The two-template fixture catalog, validated and derived the way the build does it. */
export function loadFixtureCatalog(): ValidCatalog {
  const { categories, files } = readCatalogSources('tests/fixtures/catalog-small');
  return validateCatalog(categories, files, URLS);
}

/** One fixture template by slug (neon-countdown-launch is premium with an example; webinar-kickoff is free). */
export function fixtureTemplate(slug: 'neon-countdown-launch' | 'webinar-kickoff'): Template {
  const entry = loadFixtureCatalog().entries.find((e) => e.template.slug === slug);
  if (!entry) throw new Error(`fixture ${slug} missing`);
  return entry.template;
}
