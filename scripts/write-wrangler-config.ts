/**
 * `npm run wrangler-config -- [assets folder] [config file]`: writes the shipped wrangler config
 * for another assets folder (the argument, else ASSETS_DIR, else DIST_DIR's client folder), by
 * default beside that folder as `<folder>.wrangler.json` (outside it: never uploaded).
 */
import { join, resolve } from 'node:path';
import { readConfig } from '../src/config/read-config.ts';
import { resolveBuild } from '../src/publish/build-layout.ts';
import { writeWranglerConfig } from './lib/wrangler-config.ts';

const assets = resolve(process.argv[2] ?? process.env.ASSETS_DIR ?? join(resolveBuild(readConfig().DIST_DIR).dir, 'client'));
const file = resolve(process.argv[3] ?? `${assets}.wrangler.json`);
writeWranglerConfig(assets, file);
console.log(`${file}: assets from ${assets}\n  npx wrangler dev --config ${file} --ip 127.0.0.1 --port 8787\n  npx wrangler deploy --config ${file}`);
