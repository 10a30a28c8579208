import type { APIRoute, GetStaticPaths } from 'astro';
import { getConfig } from '../../../config/config.ts';
import { digestTemplate, digestText } from '../../../core/catalog/digest-template.ts';
import { buildCatalogShard, splitCatalog } from '../../../contracts/published/catalog-shards.ts';
import { selectStaticPaths } from '../../../publish/render-plan.ts';
import type { Template } from '../../../schemas/template.ts';
import { loadSiteCatalog } from '../../../site/load-site-catalog.ts';

export const prerender = true;

export const getStaticPaths = (() => {
  const shards = splitCatalog(loadSiteCatalog(getConfig()).catalog.templates);
  const entries = shards.map((templates, n) => ({ params: { shard: String(n) }, props: { templates } }));
  // A shard shows its templates, in order: an edit rewrites the one shard that holds it.
  return selectStaticPaths('/data/catalog/[shard].json', entries, ({ props }) => digestText(props.templates.map(digestTemplate).join()));
}) satisfies GetStaticPaths;

/** Some of the templates (by id, see catalog-shards.ts), newest first. */
export const GET: APIRoute<{ templates: Template[] }> = ({ props }) => Response.json(buildCatalogShard(props.templates));
