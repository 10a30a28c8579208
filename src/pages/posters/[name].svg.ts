import type { APIRoute, GetStaticPaths } from 'astro';
import { getConfig } from '../../config/config.ts';
import { listPosters } from '../../core/poster/list-posters.ts';
import { renderPoster, type PosterInput } from '../../core/poster/render-poster.ts';
import { digestText } from '../../core/catalog/digest-template.ts';
import { loadSiteCatalog } from '../../site/load-site-catalog.ts';
import { selectStaticPaths } from '../../publish/render-plan.ts';

export const getStaticPaths = (() => {
  const { valid } = loadSiteCatalog(getConfig());
  const entries = listPosters(valid.entries).map(({ name, input }) => ({ params: { name }, props: { input } }));
  return selectStaticPaths('/posters/[name].svg', entries, ({ props }) => digestText(JSON.stringify(props.input)));
}) satisfies GetStaticPaths;

/** /posters/{slug}.svg and /posters/{slug}-{n}.svg, drawn from the catalog data at build time. */
export const GET: APIRoute<{ input: PosterInput }> = ({ props }) =>
  new Response(renderPoster(props.input), { headers: { 'Content-Type': 'image/svg+xml; charset=utf-8' } });
