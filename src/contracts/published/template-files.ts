import { digestTemplate, digestText } from '../../core/catalog/digest-template.ts';
import { renderTemplateMarkdown } from '../../core/markdown/render-template-markdown.ts';
import { getTemplate } from '../../core/operations/get-template.ts';
import { listPosters } from '../../core/poster/list-posters.ts';
import { renderPoster } from '../../core/poster/render-poster.ts';
import { toMotionPosterPath } from '../../core/poster/motion-poster.ts';
import { encodeCompactRows } from '../../core/catalog/compact-rows.ts';
import { encodeSearchColumns } from '../../core/catalog/list-columns.ts';
import { buildCatalogShard, buildListColumns, shardPath, splitCatalog } from './catalog-shards.ts';
import { LIST_COLUMNS_PATH, rowsPath, SEARCH_COLUMNS_PATH } from './function-data-files.ts';
import type { KeyedSource, PublishedFile } from './keyed-outputs.ts';
import { selectPrerendered } from './prerender-head.ts';
import { listPaletteFiles } from './poster-palettes.ts';
import { createSocialImages, listSocialRendererFile } from './social-images.ts';

/** A file by its served path, which here is its name under `client/` (no `.html` to drop). */
const published = (path: string, key: () => string, render: () => string): PublishedFile => ({ path, file: path.slice(1), key, render });

/**
 * Every file that grows with the catalog and is not a page: per template its Markdown twin
 * (`/templates/{slug}.md`), its TemplateEnvelope by id and by slug (`/api/v1/templates/{ref}`,
 * the bytes getTemplate answers), its posters (`/posters/{slug}.svg`, `/posters/{slug}-{n}.svg`,
 * each example in its own shape), its motion poster (`/posters/{slug}.motion.svg`, the preview
 * cards play on hover), its social image (`/social/{slug}.{hash}.png`: the poster drawn
 * at 1200x630, rasterized by the compress pool's workers; SOCIAL_IMAGES=build), for the templates prerendered (the head:
 * prerender-head.ts; the tail is answered on demand), the catalog shards the server loads (`/data/catalog/{n}.json`), their rows files the function loads (`/data/catalog/{n}.rows.json`) and the columns (`/data/catalog/list-columns.json`, `search-columns.json`), the palette files of the tail's posters (`/data/palettes/{n}.json`), all of them, and the renderer's identity (`/data/social-renderer.txt`). The publish writes them
 * itself: through Astro's endpoint machinery each cost ~0.5 ms against ~0.04 ms written directly
 * (10,000 templates: ~50,000 files; BENCHMARKS.md, publish).
 */
export function listTemplateFiles({ entries, catalog, prerender, socialImages, socialRenderer }: KeyedSource): PublishedFile[] {
  const files: PublishedFile[] = [];
  const drawn = createSocialImages(entries, socialRenderer);
  const head = selectPrerendered(catalog.templates, prerender);
  const inHead = head === catalog.templates ? undefined : new Set(head.map((t) => t.slug));
  for (const template of head) {
    const key = () => digestTemplate(template);
    files.push(published(`/templates/${template.slug}.md`, key, () => renderTemplateMarkdown(template)));
    const envelope = () => JSON.stringify(getTemplate(catalog, template.id));
    const byId = `/api/v1/templates/${template.id}`;
    files.push(published(byId, key, envelope));
    if (template.slug !== template.id) files.push({ ...published(`/api/v1/templates/${template.slug}`, key, envelope), sameAs: byId });
  }
  for (const { name, input, shape, template, owner } of listPosters(entries)) {
    if (inHead && !inHead.has(owner)) continue;
    const key = () => digestText(JSON.stringify(input));
    files.push(published(`/posters/${name}.svg`, key, () => renderPoster(input, { shape })));
    if (template === undefined) continue;
    files.push(published(toMotionPosterPath(template), key, () => renderPoster(input, { motion: true })));
    if (socialImages === 'on-demand') continue; // drawn by the function and the origin when asked
    // The text handed over is the social SVG; the file written is its PNG. Its address changes with its bytes.
    const social = drawn(catalog.byRef.get(template)!);
    files.push({ ...published(social.path, () => social.path, () => social.svg), rasterize: true });
  }
  // A shard shows its templates, in order: an edit rewrites the one shard that holds it, and its rows file (the function's).
  const shards = splitCatalog(catalog.templates);
  const keys = shards.map((templates, n) => {
    let digest: string | undefined;
    const key = () => (digest ??= digestText(templates.map(digestTemplate).join()));
    files.push(published(shardPath(n), key, () => JSON.stringify(buildCatalogShard(templates))));
    files.push(published(rowsPath(n), () => `rows1:${key()}`, () => JSON.stringify(encodeCompactRows(templates, catalog.categories))));
    return key;
  });
  // The shards say every template and, by the order their fields give, where each one stands.
  const shardsKey = () => digestText(keys.map((key) => key()).join());
  files.push(published(LIST_COLUMNS_PATH, () => `cols1:${shardsKey()}`, () => JSON.stringify(buildListColumns(catalog.templates, shards.length))));
  files.push(published(SEARCH_COLUMNS_PATH, () => `scols1:${shardsKey()}`, () => JSON.stringify(encodeSearchColumns(catalog.templates))));
  files.push(...listPaletteFiles(entries), listSocialRendererFile(socialRenderer));
  return files;
}
