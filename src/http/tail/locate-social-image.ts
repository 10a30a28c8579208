import { deriveSocialImage } from '../../core/links/social-image-hash.ts';
import { SOCIAL_RENDERER_PATH, type SocialImage } from '../../contracts/published/social-images.ts';
import type { Template } from '../../schemas/template.ts';
import type { ReadBuildFile, ReadPalette } from './read-palettes.ts';

/** A template's social image (its current address and SVG), or undefined when the build's files cannot say. */
export type LocateSocialImage = (template: Template) => Promise<SocialImage | undefined>;

/**
 * Social images by template at run time, named as the build names them (createSocialImages):
 * from the template's palette file and the build's renderer identity (`/data/social-renderer.txt`),
 * not this runtime's resvg, so every runtime names and checks the same addresses. A missing
 * file answers undefined (the image and the page that names it are then not answered) and is
 * asked again next time.
 */
export function createSocialImageLocator(read: ReadBuildFile, readPalette: ReadPalette): LocateSocialImage {
  let renderer: Promise<string | undefined> | undefined;
  const readRenderer = () => {
    renderer ??= read(SOCIAL_RENDERER_PATH).then((bytes) => (bytes?.length ? new TextDecoder().decode(bytes) : undefined), () => undefined);
    return renderer.then((text) => {
      if (text === undefined) renderer = undefined;
      return text;
    });
  };
  return async (template) => {
    const [palette, identity] = await Promise.all([readPalette(template.id), readRenderer()]);
    if (!palette || identity === undefined) return undefined;
    return deriveSocialImage(template, palette, identity);
  };
}
