import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../schemas/config.ts';
import { checkHostRules, formatHeadersFile, formatRedirectsFile } from '../contracts/published/build-host-files.ts';
import { planStaticHeaders, type StaticHeaderPlan } from '../contracts/published/plan-static-headers.ts';
import { PACKED_DATA_PATTERNS } from '../contracts/published/function-data-files.ts';
import { isCompressedSibling, SIBLING_EXTENSIONS } from '../contracts/published/compressed-siblings.ts';
import { HOST_FILES } from './served-path.ts';

/** The settings the host files depend on. */
export type HostFileSettings = Pick<Config, 'SITE_URL' | 'MEDIA_URL' | 'STUDIO_URL' | 'HSTS_MAX_AGE'>;

/** The plan of a finished client folder: only its top level is read (the folders of pages are one rule each). */
export function planClientHeaders(clientDir: string, config: HostFileSettings): StaticHeaderPlan {
  const entries = readdirSync(clientDir, { withFileTypes: true });
  const files = entries.filter((e) => e.isFile() && !isCompressedSibling(e.name) && !HOST_FILES.includes(e.name)).map((e) => e.name);
  const folders = entries.filter((e) => e.isDirectory()).map((e) => e.name);
  return planStaticHeaders({ site: config.SITE_URL, media: config.MEDIA_URL, studio: config.STUDIO_URL, hstsMaxAge: config.HSTS_MAX_AGE, root: { files, folders } });
}

/**
 * Writes `_headers` and `_redirects` into a finished client folder, for a static host
 * (Cloudflare, Netlify), and `.assetsignore` (formatAssetsIgnore) for a Cloudflare Workers
 * upload. They depend on the folder's top level and the settings only, so an incremental
 * publish writes the bytes a full build writes. Throws when the rules would not
 * fit the hosts' limits: a host would drop rules silently.
 */
export function writeHostFiles(clientDir: string, config: HostFileSettings): void {
  const plan = planClientHeaders(clientDir, config);
  const problems = checkHostRules(plan, []);
  if (problems.length) throw new Error(`The static host rules do not fit: ${problems.join('; ')}`);
  writeFileSync(join(clientDir, '_headers'), formatHeadersFile(plan));
  writeFileSync(join(clientDir, '_redirects'), formatRedirectsFile(plan));
  writeFileSync(join(clientDir, '.assetsignore'), formatAssetsIgnore());
}

/**
 * What a Cloudflare Workers upload (wrangler deploy and dev) leaves out, in gitignore syntax:
 * the precompressed siblings (the host compresses for itself), but for the packed data files
 * the function reads through its assets binding.
 */
export function formatAssetsIgnore(): string {
  return [
    '# Precompressed siblings: the host compresses for itself.',
    ...SIBLING_EXTENSIONS.map((e) => `*.${e}`),
    '# But the packed data the function reads through ASSETS (it answers them as addresses with the 404).',
    ...PACKED_DATA_PATTERNS.map((p) => `!${p}`),
    '',
  ].join('\n');
}
