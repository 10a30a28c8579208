import type { APIRoute, GetStaticPaths } from 'astro';
import { getConfig } from '../../../../config/config.ts';
import { getTemplate } from '../../../../core/operations/get-template.ts';
import { digestTemplate } from '../../../../core/catalog/digest-template.ts';
import { loadSiteCatalog } from '../../../../site/load-site-catalog.ts';
import { selectStaticPaths } from '../../../../publish/render-plan.ts';

export const prerender = true;

/** One extension-less TemplateEnvelope file per id and per slug, so a CDN answers getTemplate. */
export const getStaticPaths = (() => {
  const { catalog } = loadSiteCatalog(getConfig());
  const entries = [...catalog.byRef].map(([id, template]) => ({ params: { id }, template }));
  // The file is the envelope of the one template its id or slug names.
  return selectStaticPaths('/api/v1/templates/[id]', entries, ({ template }) => digestTemplate(template)).map(({ params }) => ({ params }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = ({ params }) => {
  const { catalog } = loadSiteCatalog(getConfig());
  return Response.json(getTemplate(catalog, params.id!));
};
