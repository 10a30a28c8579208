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
  /** The largest file, in bytes, one deploy may hold; undefined: no such limit. */
  fileBytes?: number;
  /** Short name for `npm run check-upload -- --plan <name>`. */
  plan: string;
}

/** Cloudflare's largest static asset, on every plan (`wrangler dev` and deploy refuse a folder holding a larger one). */
const CLOUDFLARE_FILE_BYTES = 25 * 1024 * 1024;

/** The hosts of docs/deploying.md, with the limits their documentation states. */
export const HOST_LIMITS: readonly HostLimit[] = [
  { host: 'Cloudflare Workers Static Assets / Pages, free plan', files: 20_000, fileBytes: CLOUDFLARE_FILE_BYTES, plan: 'cloudflare-free' },
  { host: 'Cloudflare Workers Static Assets / Pages, paid plan', files: 100_000, fileBytes: CLOUDFLARE_FILE_BYTES, plan: 'cloudflare-paid' },
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

/** What an upload holds, as far as a host's limits ask: its files, its fullest folder, its largest file. */
export interface UploadSize {
  files: number;
  largestFolder: { path: string; files: number };
  largestFile: { path: string; bytes: number };
}

/** Why an upload does not fit `limit`, one reason a limit it passes; empty when it fits. */
export function explainOverLimit(limit: HostLimit, upload: UploadSize): string[] {
  const n = (x: number) => x.toLocaleString('en');
  const mib = (b: number) => `${(b / 1024 / 1024).toFixed(1)} MiB`;
  const reasons: string[] = [];
  if (limit.files !== undefined && upload.files > limit.files) reasons.push(`${n(upload.files)} files, over ${n(limit.files)}`);
  if (limit.perFolder !== undefined && upload.largestFolder.files > limit.perFolder) reasons.push(`${upload.largestFolder.path}/ holds ${n(upload.largestFolder.files)} files, over ${n(limit.perFolder)} a folder`);
  if (limit.fileBytes !== undefined && upload.largestFile.bytes > limit.fileBytes) reasons.push(`${upload.largestFile.path} is ${mib(upload.largestFile.bytes)}, over ${mib(limit.fileBytes)} a file`);
  return reasons;
}

/**
 * The upload's shape as docs/deploying.md states it (a build of the sample catalog, siblings
 * left out; `npm run check-upload` measures any build): tests/docs/deploying-figures.app.test.ts
 * checks it against the test build, so the figures printed from it cannot drift far.
 */
export const DOCUMENTED_UPLOAD_SHAPE: UploadShape = { siteFiles: 80, perTemplate: 8.7, largestFolder: { path: 'posters', perTemplate: 3.6 }, clientPerTemplate: 24 };
