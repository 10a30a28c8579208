import { join, resolve } from 'node:path';
import { readConfig } from '../src/config/read-config.ts';
import { resolveBuild } from '../src/publish/build-layout.ts';
import { makeUploadFolder } from '../src/publish/upload-folder.ts';

/**
 * `npm run upload-folder -- <folder>`: the served build's client folder (DIST_DIR) as a folder
 * to upload to a static host (Cloudflare, Netlify): hard links, without the precompressed
 * siblings, with `_headers` and `_redirects` (docs/deploying.md).
 */
const target = process.argv[2];
if (!target) {
  console.error('Usage: npm run upload-folder -- <new folder>');
  process.exit(2);
}
const client = join(resolveBuild(readConfig().DIST_DIR).dir, 'client');
const done = makeUploadFolder(client, resolve(target));
console.log(`${target}: ${done.files.toLocaleString('en')} files from ${client} (${done.siblings.toLocaleString('en')} precompressed siblings left out${done.copied ? `, ${done.copied} copied` : ''})`);
