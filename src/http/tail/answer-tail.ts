import type { Catalog } from '../../core/catalog/catalog.ts';
import { formatTagHeader, type TagHeaderKind } from '../../core/cdn/cache-tags.ts';
import { LruCache } from '../../core/lru-cache.ts';
import { renderTemplateMarkdown } from '../../core/markdown/render-template-markdown.ts';
import { buildPageSecurityHeaders } from '../../core/page-security.ts';
import { listTemplatePosters } from '../../core/poster/list-posters.ts';
import { renderPoster } from '../../core/poster/render-poster.ts';
import { selectFileLinks } from '../../contracts/published/build-page-links.ts';
import { resolveContentType } from '../../contracts/published/file-types.ts';
import { matchRoute } from '../../contracts/routes/match-route.ts';
import { selectPathTags } from '../../contracts/routes/route-tags.ts';
import type { Template } from '../../schemas/template.ts';
import { buildFileHeaders, buildRedirectPairs } from '../file-headers.ts';
import { answerFileBytes } from './file-bytes.ts';
import { createSocialImageLocator } from './locate-social-image.ts';
import { createPaletteReader, type ReadBuildFile } from './read-palettes.ts';
import { parseTailPath, type TailFile } from './tail-paths.ts';

/**
 * The type guessed from each tail file's name (mrmime's, as typeOfFile guesses it): the tail has
 * four kinds of names, so the worker bundle does without mrmime's whole table.
 */
export const TAIL_FILE_TYPES: Readonly<Record<TailFile['kind'], string>> = {
  page: 'text/html',
  twin: 'text/markdown',
  poster: 'image/svg+xml',
  motion: 'image/svg+xml',
  social: 'image/png',
};

/** What the tail's answers are made from: the catalog the function (or origin) serves and the build's data files. */
export interface TailSource {
  catalog: Catalog;
  siteUrl: string;
  /** The pages' Content-Security-Policy (buildContentSecurityPolicy). */
  csp: string;
  tagHeader: TagHeaderKind | undefined;
  /** The build's data files (the palette files under /data/palettes/). */
  readFile: ReadBuildFile;
  /** A template page's HTML as the build renders it, where the runtime can render it (else the page is not answered). */
  renderPage?: ((request: Request, template: Template, socialImage: string) => Promise<string | undefined>) | undefined;
  /** A social image's PNG from its SVG, drawn as the build draws it (else the image is not answered). */
  drawSocialImage?: ((svg: string) => Promise<Uint8Array>) | undefined;
}

/** Answers a path of the tail, or undefined when the path names no template file this runtime can make. */
export type TailAnswer = (request: Request, path: string) => Promise<Response | undefined>;

const PNG_CACHE_BYTES = 32 * 1024 * 1024;

/**
 * The tail on demand (PRERENDER_TEMPLATES): every per-template file the build did not write
 * (page, Markdown twin, posters, motion poster, social image), made from the served catalog by
 * the build's own renderers, with the headers the origin sends for the build's file: the same
 * bytes, ETag, cache class, cache tags, Link and CSP, so a CDN keeps it like a file and a
 * template moving between head and tail changes nothing a client sees. Page answers call this
 * before their 404; a template of the head answers the same, so no runtime needs the count.
 */
export function createTailAnswers(source: TailSource): TailAnswer {
  const { catalog, siteUrl } = source;
  const bySlug = (slug: string) => {
    const t = catalog.byRef.get(slug);
    return t?.slug === slug ? t : undefined;
  };
  const lookup = (ref: string) => catalog.byRef.get(ref)?.id;
  const readPalette = createPaletteReader(source.readFile, catalog.templates.length);
  const parts = {
    pageSecurity: buildPageSecurityHeaders(source.csp),
    tagHeaders: (path: string) => formatTagHeader(source.tagHeader, selectPathTags(path, lookup)),
    // The tail's page and twin exist together, as a build's files do.
    linkFor: (path: string, type: string) => selectFileLinks(siteUrl, path, type, () => true),
  };
  const images = new LruCache<{ png: Uint8Array; size: number }>(4096, PNG_CACHE_BYTES);
  const locateSocialImage = createSocialImageLocator(source.readFile, readPalette);

  /** The current social image's PNG, when `hash` is the current one (a stale hash names bytes no longer drawn: 404). */
  async function drawSocial(template: Template, hash: string): Promise<Uint8Array | undefined> {
    const social = source.drawSocialImage && (await locateSocialImage(template));
    if (!social || !social.path.endsWith(`.${hash}.png`)) return undefined;
    const cached = images.get(social.path);
    if (cached) return cached.png;
    const png = await source.drawSocialImage!(social.svg);
    images.set(social.path, { png, size: png.byteLength });
    return png;
  }

  async function render(request: Request, file: TailFile): Promise<string | Uint8Array | undefined> {
    const { template } = file;
    if (file.kind === 'twin') return renderTemplateMarkdown(template);
    if (file.kind === 'page') {
      // The page names its social image as the build does; located here, once, for every runtime's renderer.
      const social = source.renderPage && (await locateSocialImage(template));
      return social ? source.renderPage!(request, template, social.path) : undefined;
    }
    if (file.kind === 'social') return file.hash === undefined ? undefined : drawSocial(template, file.hash);
    const palette = await readPalette(template.id);
    if (!palette) return undefined;
    const posters = listTemplatePosters(template, palette);
    if (file.kind === 'poster') return renderPoster(posters[file.example]!.input, { shape: posters[file.example]!.shape });
    return renderPoster(posters[0]!.input, { motion: true });
  }

  /**
   * The un-hashed address (`/posters/{slug}.png`, named by pages cached before the hashed ones and
   * where no hash is at hand) answers 302 to the current image: a redirect whose target changes
   * with every edit is temporary (RFC 9110 15.4.3), so no cache keeps it as permanent; it is cached
   * as a published file and tagged with its template, so the publish that changes the image purges it.
   */
  async function redirectSocial(path: string, template: Template): Promise<Response | undefined> {
    const social = await locateSocialImage(template);
    if (!social) return undefined;
    const headers = [...buildRedirectPairs(`${siteUrl}${social.path}`, matchRoute(path).route.cache, parts.tagHeaders(path)), 'Content-Length', '0'];
    const list = new Headers();
    for (let i = 0; i < headers.length; i += 2) list.append(headers[i]!, headers[i + 1]!);
    return new Response(null, { status: 302, headers: list });
  }

  return async (request, path) => {
    const file = parseTailPath(path, bySlug);
    if (!file) return undefined;
    if (file.kind === 'social' && file.hash === undefined) return redirectSocial(path, file.template);
    const body = await render(request, file);
    if (body === undefined) return undefined;
    const type = resolveContentType(TAIL_FILE_TYPES[file.kind], file.kind === 'page' && !path.endsWith('.html') ? `${path}.html` : path);
    const headers = buildFileHeaders(path, type, matchRoute(path).route.cache, 200, parts);
    return answerFileBytes(request, typeof body === 'string' ? new TextEncoder().encode(body) : body, headers);
  };
}
