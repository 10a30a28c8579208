import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { readShippedConfig, type ShippedConfig } from './start-function.ts';

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
