import { existsSync, realpathSync } from 'node:fs';
import { dirname } from 'node:path';
import { resolveAssetRetention } from '../../core/cdn/cache-policy.ts';
import { listAssetSources, locateBuildsDir } from '../../publish/build-layout.ts';
import type { Config } from '../../schemas/config.ts';
import type { LoadedBuild } from '../lifecycle/load-build.ts';

/** The listing of other builds is read again at most this often (a miss under /_astro/ reads it). */
const FRESH_MS = 1000;

/**
 * Skew protection: the client folders of other builds whose hashed assets this build's server
 * also answers (the served build, and earlier ones within ASSET_RETENTION_SECONDS of being
 * replaced), so a page cached at the edge, or served by an instance on the other side of a
 * switch, never loses its CSS or JS. Empty for a DIST_DIR that is a plain folder.
 */
export function createAssetSources(config: Config, build: LoadedBuild): () => readonly string[] {
  const selfDir = dirname(build.clientDir);
  if (!existsSync(locateBuildsDir(config.DIST_DIR)) || dirname(selfDir) !== realpathSync(locateBuildsDir(config.DIST_DIR))) return () => [];
  const retentionMs = resolveAssetRetention(config.ASSET_RETENTION_SECONDS) * 1000;
  let listed: readonly string[] = [];
  let at = -Infinity;
  return () => {
    const now = Date.now();
    if (now - at >= FRESH_MS) {
      listed = listAssetSources(config.DIST_DIR, selfDir, retentionMs, now);
      at = now;
    }
    return listed;
  };
}
