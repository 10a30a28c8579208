import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** What the tests read of the shipped wrangler config. */
export interface ShippedConfig {
  $schema?: string;
  main: string;
  compatibility_date: string;
  assets: Record<string, unknown>;
  ratelimits: { name: string; simple: { limit: number; period: number } }[];
  vars: Record<string, string>;
}

/** The shipped config as JSON: its comments removed (none of its strings holds `//`). */
export function readShippedConfig(): ShippedConfig {
  const text = readFileSync('deploy/cloudflare/wrangler.jsonc', 'utf8').replace(/^\s*\/\/.*$/gm, '').replace(/\s+\/\/[^"\n]*$/gm, '');
  return JSON.parse(text);
}

/**
 * The shipped deploy/cloudflare/wrangler.jsonc for another assets folder (an upload folder, or
 * any DIST_DIR's client folder): the same settings, with the worker and the folder absolute, so
 * the file may live anywhere. `wrangler dev` and `wrangler deploy` take it with `--config`.
 */
export function makeWranglerConfig(assetsDir: string): ShippedConfig {
  const config = readShippedConfig();
  delete config.$schema;
  config.main = resolve('src/function/worker.ts');
  config.assets = { ...config.assets, directory: resolve(assetsDir) };
  return config;
}

/** Writes makeWranglerConfig(assetsDir) to `file` as JSON. */
export function writeWranglerConfig(assetsDir: string, file: string): void {
  writeFileSync(file, `${JSON.stringify(makeWranglerConfig(assetsDir), null, 2)}\n`);
}
