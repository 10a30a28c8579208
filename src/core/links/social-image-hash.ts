import { createHash } from 'node:crypto';
import type { Template } from '../../schemas/template.ts';
import { listTemplatePosters } from '../poster/list-posters.ts';
import { renderPoster } from '../poster/render-poster.ts';
import { SOCIAL_HASH_LENGTH, toSocialImagePath } from './social-image.ts';

/** The social SVG of a template with its palette: the text resvg draws the PNG from. */
export function renderSocialSvg(template: Template, palette: readonly string[]): string {
  return renderPoster(listTemplatePosters(template, palette)[0]!.input, { shape: 'social' });
}

/**
 * The hash in a social image's address: of the SVG's bytes and the renderer's identity (resvg,
 * fonts, options). createHash rather than the one-shot `hash`: workerd's node:crypto has it.
 */
export function hashSocialImage(svg: string, renderer: string): string {
  return createHash('sha256').update(`${renderer}\n${svg}`).digest('hex').slice(0, SOCIAL_HASH_LENGTH);
}

/**
 * A template's social image: its address and the SVG its PNG is drawn from. The one derivation
 * the build (page meta, the file it writes) and the runtimes (the tail's pages and images) share,
 * so an edit of the title, palette or renderer moves the image to a new address.
 */
export function deriveSocialImage(template: Template, palette: readonly string[], renderer: string): { path: string; svg: string } {
  const svg = renderSocialSvg(template, palette);
  return { path: toSocialImagePath(template.slug, hashSocialImage(svg, renderer)), svg };
}
