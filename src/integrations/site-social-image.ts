import { createSocialImages, type SocialImage } from '../contracts/published/social-images.ts';
import { readSharedSocialRenderer } from '../publish/social-renderer.ts';
import type { SiteCatalog } from '../site/load-site-catalog.ts';
import type { Template } from '../schemas/template.ts';

const bySite = new WeakMap<SiteCatalog, (template: Template) => SocialImage>();

/**
 * The address of a template's social image for a page the build renders (home, categories: the
 * page names its first template's image), as the template's own page names it (listTemplatePages).
 */
export function locateSiteSocialImage(site: SiteCatalog, template: Template): string {
  let images = bySite.get(site);
  if (!images) bySite.set(site, (images = createSocialImages(site.valid.entries, readSharedSocialRenderer())));
  return images(template).path;
}
