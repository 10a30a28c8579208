import type { APIRoute, GetStaticPaths } from 'astro';
import { getConfig } from '../../../../config/config.ts';
import { getTemplate } from '../../../../core/operations/get-template.ts';
import { loadSiteCatalog } from '../../../../site/load-site-catalog.ts';

export const prerender = true;

/** One extension-less TemplateEnvelope file per id and per slug, so a CDN answers getTemplate. */
export const getStaticPaths = (() => {
  const { catalog } = loadSiteCatalog(getConfig());
  return [...catalog.byRef.keys()].map((id) => ({ params: { id } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = ({ params }) => {
  const { catalog } = loadSiteCatalog(getConfig());
  return Response.json(getTemplate(catalog, params.id!));
};
