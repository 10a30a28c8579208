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
  services?: { binding: string; service: string }[];
}

/** What the tests read of the shipped tail renderer's config. */
export interface RendererConfig {
  $schema?: string;
  name: string;
  main: string;
  alias: Record<string, string>;
  assets: Record<string, unknown>;
  [setting: string]: unknown;
}

/** A shipped .jsonc as JSON: its comments removed (none of their strings holds `//`). */
const readJsonc = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8').replace(/^\s*\/\/.*$/gm, '').replace(/\s+\/\/[^"\n]*$/gm, '')) as T;

/** The shipped main worker's config as JSON. */
export function readShippedConfig(): ShippedConfig {
  return readJsonc('deploy/cloudflare/wrangler.jsonc');
}

/** The shipped tail renderer's config as JSON (the second worker, src/function/tail-renderer.ts). */
export function readRendererConfig(): RendererConfig {
  return readJsonc('deploy/cloudflare/tail-renderer.wrangler.jsonc');
}

/**
 * The shipped tail renderer's config for another build: the same settings, with the worker, the
 * assets folder and the build's server entry (`DIST_DIR/server/entry.mjs`) absolute.
 */
export function makeRendererConfig(assetsDir: string, serverEntry: string): RendererConfig {
  const config = readRendererConfig();
  delete config.$schema;
  config.main = resolve('src/function/tail-renderer.ts');
  config.alias = { ...config.alias, 'catalog-server-entry': resolve(serverEntry) };
  config.assets = { ...config.assets, directory: resolve(assetsDir) };
  return config;
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

/** Writes makeWranglerConfig(assetsDir) to `file` as JSON; without `withRenderer`, the tail renderer's binding is left out (no such worker is deployed). */
export function writeWranglerConfig(assetsDir: string, file: string, withRenderer = true): void {
  const config = makeWranglerConfig(assetsDir);
  if (!withRenderer) delete config.services;
  writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`);
}

/** Writes makeRendererConfig(assetsDir, serverEntry) to `file` as JSON. */
export function writeRendererConfig(assetsDir: string, serverEntry: string, file: string): void {
  writeFileSync(file, `${JSON.stringify(makeRendererConfig(assetsDir, serverEntry), null, 2)}\n`);
}
