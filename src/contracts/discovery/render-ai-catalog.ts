import type { Config } from '../../schemas/config.ts';
import { getBuildTime } from '../published/build-time.ts';
import { buildAiCatalog } from './build-ai-catalog.ts';

/** The manifest as served at both of its addresses: the same bytes (and so the same ETag). */
export function renderAiCatalog(config: Pick<Config, 'SITE_URL'>): string {
  return JSON.stringify(buildAiCatalog(config, getBuildTime()), null, 2);
}
