import type { KeyedSource } from '../contracts/published/keyed-outputs.ts';
import type { Config } from '../schemas/config.ts';
import type { SiteCatalog } from '../site/load-site-catalog.ts';

/** The build settings keyed outputs are listed by. */
export type OutputSettings = Pick<Config, 'PRERENDER_TEMPLATES' | 'SOCIAL_IMAGES'>;

/** What the keyed outputs of `site` are listed from, as the build settings ask (PRERENDER_TEMPLATES, SOCIAL_IMAGES), with the renderer's identity. */
export function toKeyedSource({ valid, catalog }: SiteCatalog, config: OutputSettings, socialRenderer: string): KeyedSource {
  return { entries: valid.entries, catalog, prerender: config.PRERENDER_TEMPLATES, socialImages: config.SOCIAL_IMAGES, socialRenderer };
}
