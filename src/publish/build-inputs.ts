import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { digestText } from '../core/catalog/digest-template.ts';
import type { Config } from '../schemas/config.ts';
import { listFiles } from './scan-files.ts';

/**
 * What a build's output depends on besides the catalog: the code that renders it and the
 * configuration it renders with. A publish reuses the previous build's pages only when both
 * are the same; otherwise it cannot tell which pages they touch, and builds everything.
 */
export interface BuildInputs {
  /** Digest of the site's source, public files, build config, locked dependencies and Node (zlib, brotli). */
  code: string;
  /** Per configuration variable, a digest of its value (so a change can be named). */
  config: Record<string, string>;
}

/** Folders and files of the project that make up the site's code. */
const CODE_DIRS = ['src', 'public'];
const CODE_FILES = ['astro.config.mjs', 'package.json', 'package-lock.json', 'tsconfig.json'];
/**
 * Variables that never reach a built file: where the build goes (a key must not name the
 * build folder), which catalog it reads (the reuse cache is per catalog folder), and those only
 * the server and the pruning read (tests/publish/build-inputs.test.ts checks that no page,
 * contract or core module names them). Every other variable counts: changing it rebuilds all.
 */
export const NOT_RENDERED: readonly (keyof Config)[] = [
  'DIST_DIR', 'CATALOG_DIR', 'HOST', 'PORT', 'TRUST_PROXY', 'REDIS_URL', 'LOG_LEVEL', 'METRICS_PORT', 'METRICS_HOST',
  'SHUTDOWN_DELAY_SECONDS', 'HEADERS_TIMEOUT_SECONDS', 'KEEP_BUILDS', 'ASSET_RETENTION_SECONDS', 'HSTS_MAX_AGE', 'ALLOWED_HOSTS',
  'CACHE_TAG_HEADER', 'CDN_PURGE_URL',
];

/** Digests the code under `root` and the configuration a build renders with. */
export function fingerprintInputs(root: string, config: Config): BuildInputs {
  const parts: string[] = [`node ${process.versions.node} zlib ${process.versions.zlib} brotli ${process.versions.brotli}`];
  const files = [
    ...CODE_DIRS.flatMap((dir) => (existsSync(join(root, dir)) ? listFiles(join(root, dir)).map((f) => `${dir}/${f}`) : [])),
    ...CODE_FILES.filter((f) => existsSync(join(root, f))),
  ].sort();
  for (const file of files) parts.push(`${file}\0${digestText(readFileSync(join(root, file)))}`);
  const rendered = Object.entries(config).filter(([name]) => !NOT_RENDERED.includes(name as keyof Config));
  return {
    code: digestText(parts.join('\n')),
    config: Object.fromEntries(rendered.map(([name, value]) => [name, digestText(JSON.stringify(value) ?? 'undefined')])),
  };
}

/** Why `next` cannot reuse what was built with `previous` (null: it can). */
export function explainInputChange(previous: BuildInputs, next: BuildInputs): string | null {
  if (previous.code !== next.code) return 'the code changed (src/, public/, the Astro config, dependencies or Node)';
  const names = new Set([...Object.keys(previous.config), ...Object.keys(next.config)]);
  const changed = [...names].filter((n) => previous.config[n] !== next.config[n]).sort();
  return changed.length ? `the configuration changed (${changed.join(', ')})` : null;
}
