/**
 * `npm run check-upload -- [folder] [--plan cloudflare-free|cloudflare-paid|netlify]`: before a
 * deploy, counts what an upload of the folder (an upload folder, or DIST_DIR's client folder
 * without its siblings) holds against each static host's limits (src/contracts/published/host-limits.ts)
 * and names the PRERENDER_TEMPLATES that fits each one. With `--plan`, exits 1 when the upload
 * does not fit that plan (docs/deploying.md).
 */
import { join, resolve } from 'node:path';
import { readConfig } from '../src/config/read-config.ts';
import { explainOverLimit, fitTemplates, HOST_LIMITS } from '../src/contracts/published/host-limits.ts';
import { resolveBuild } from '../src/publish/build-layout.ts';
import { measureUpload } from '../src/publish/measure-upload.ts';

const args = process.argv.slice(2);
const planAt = args.indexOf('--plan');
const plan = planAt === -1 ? undefined : args[planAt + 1];
const folder = args.find((a, i) => !a.startsWith('--') && (planAt === -1 || i !== planAt + 1));
if (plan && !HOST_LIMITS.some((h) => h.plan === plan)) {
  console.error(`Unknown plan ${plan}: one of ${HOST_LIMITS.map((h) => h.plan).join(', ')}.`);
  process.exit(2);
}
const client = folder ? resolve(folder) : join(resolveBuild(readConfig().DIST_DIR).dir, 'client');
const count = measureUpload(client);
const n = (x: number) => x.toLocaleString('en');
console.log(`${client}: ${n(count.files)} files to upload (siblings left out): ${n(count.siteFiles)} for the site, ${count.perTemplate.toFixed(2)} for each of ${n(count.templates)} prerendered templates; the largest folder, ${count.largestFolder.path}/, holds ${n(count.largestFolder.files)}.`);
let failed: string[] = [];
for (const limit of HOST_LIMITS) {
  const fits = fitTemplates(limit, count);
  const reasons = explainOverLimit(limit, count);
  const over = reasons.length > 0;
  const what = limit.files !== undefined ? `${n(limit.files)} files` : limit.perFolder !== undefined ? `${n(limit.perFolder)} files a folder` : 'no file limit';
  console.log(`- ${limit.host} (${what}): ${over ? `does NOT fit (${reasons.join('; ')})` : 'fits'}${Number.isFinite(fits) ? `; PRERENDER_TEMPLATES=${n(fits)} fits` : ''}`);
  if (over && limit.plan === plan) failed = reasons;
}
if (failed.length > 0) {
  // Fewer prerendered templates make fewer files, not a smaller catalog-wide file (sitemap.md grows with the catalog).
  const fewer = failed.some((r) => !r.includes(' a file'));
  console.error(`The upload does not fit ${plan}: ${failed.join('; ')}.${fewer ? ` Build with PRERENDER_TEMPLATES=${n(fitTemplates(HOST_LIMITS.find((h) => h.plan === plan)!, count))} or less (the function answers the rest on demand).` : ''}`);
  process.exit(1);
}
