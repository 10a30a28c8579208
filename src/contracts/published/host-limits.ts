/**
 * What static hosts take, in files: the limits a build's upload is checked against before a
 * deploy (`npm run check-upload`) and that docs/deploying.md prints (`npm run docs`).
 */
export interface HostLimit {
  /** The host and plan, as docs/deploying.md names it. */
  host: string;
  /** The most files one deploy may hold; undefined: no such limit. */
  files?: number;
  /** The most files one folder may hold; undefined: no such limit. */
  perFolder?: number;
  /** Short name for `npm run check-upload -- --plan <name>`. */
  plan: string;
}

/** The hosts of docs/deploying.md, with the limits their documentation states. */
export const HOST_LIMITS: readonly HostLimit[] = [
  { host: 'Cloudflare Workers Static Assets / Pages, free plan', files: 20_000, plan: 'cloudflare-free' },
  { host: 'Cloudflare Workers Static Assets / Pages, paid plan', files: 100_000, plan: 'cloudflare-paid' },
  { host: 'Netlify', perFolder: 54_000, plan: 'netlify' },
  { host: 'nginx (the shipped template)', plan: 'nginx' },
];

/** How a build's upload grows: the files every build has, and the files each prerendered template adds (largest folder included). */
export interface UploadShape {
  /** Files that do not belong to one template (pages, published files, hashed assets, data). */
  siteFiles: number;
  /** Files each prerendered template adds, on average. */
  perTemplate: number;
  /** The folder with the most files, and how many each template puts in it. */
  largestFolder: { path: string; perTemplate: number };
  /** Files each template adds to the build's client folder, precompressed siblings included. */
  clientPerTemplate: number;
}

/** The most prerendered templates (PRERENDER_TEMPLATES) an upload of `shape` may hold within `limit`; Infinity without a limit. */
export function fitTemplates(limit: HostLimit, shape: UploadShape): number {
  const byFiles = limit.files === undefined ? Infinity : Math.floor((limit.files - shape.siteFiles) / shape.perTemplate);
  const byFolder = limit.perFolder === undefined ? Infinity : Math.floor(limit.perFolder / shape.largestFolder.perTemplate);
  return Math.max(0, Math.min(byFiles, byFolder));
}

/**
 * The upload's shape as docs/deploying.md states it (a build of the sample catalog, siblings
 * left out; `npm run check-upload` measures any build): tests/docs/deploying-figures.app.test.ts
 * checks it against the test build, so the figures printed from it cannot drift far.
 */
export const DOCUMENTED_UPLOAD_SHAPE: UploadShape = { siteFiles: 80, perTemplate: 8.7, largestFolder: { path: 'posters', perTemplate: 3.6 }, clientPerTemplate: 24 };
