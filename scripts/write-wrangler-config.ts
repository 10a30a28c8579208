/**
 * `npm run wrangler-config -- [assets folder] [config file]`: writes the shipped wrangler config
 * for another assets folder (the argument, else ASSETS_DIR, else DIST_DIR's client folder), by
 * default beside that folder as `<folder>.wrangler.json` (outside it: never uploaded), and the
 * tail renderer's beside it (`<folder>.tail-renderer.wrangler.json`, over DIST_DIR's server entry).
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readConfig } from '../src/config/read-config.ts';
import { resolveBuild } from '../src/publish/build-layout.ts';
import { writeRendererConfig, writeWranglerConfig } from './lib/wrangler-config.ts';

const build = resolveBuild(readConfig().DIST_DIR).dir;
const assets = resolve(process.argv[2] ?? process.env.ASSETS_DIR ?? join(build, 'client'));
const file = resolve(process.argv[3] ?? `${assets}.wrangler.json`);
const serverEntry = join(build, 'server', 'entry.mjs');
writeWranglerConfig(assets, file, existsSync(serverEntry));
if (!existsSync(serverEntry)) {
  console.log(`${file}: assets from ${assets} (no ${serverEntry}: no tail renderer; the tail's pages and social images are not answered)\n  npx wrangler deploy --config ${file}`);
} else {
  const renderer = file.replace(/\.wrangler\.json$|\.json$|$/, '.tail-renderer.wrangler.json');
  writeRendererConfig(assets, serverEntry, renderer);
  console.log(`${file}: assets from ${assets}\n${renderer}: the tail renderer, over ${serverEntry}`);
  console.log(`  npx wrangler dev -c ${file} -c ${renderer} --ip 127.0.0.1 --port 8787\n  npx wrangler deploy --config ${renderer} && npx wrangler deploy --config ${file}`);
}
