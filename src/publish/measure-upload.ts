import { statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { isCompressedSibling } from '../contracts/published/compressed-siblings.ts';
import type { UploadShape, UploadSize } from '../contracts/published/host-limits.ts';
import { listFiles } from './scan-files.ts';

/** Folders whose files belong to one template each (its page and twin, its JSON, its posters, its social image). */
const TEMPLATE_FOLDERS = ['templates', 'api/v1/templates', 'posters', 'social'];
/** Files that grow with the catalog: the templates' own, and the later pages of the lists (`/newest/2`, `/categories/{id}/2`). */
const grows = (folder: string) => TEMPLATE_FOLDERS.includes(folder) || folder === 'newest' || folder.startsWith('categories/');

/** What an upload of a client folder holds: its files without the precompressed siblings, by folder. */
export interface UploadCount extends UploadShape, UploadSize {
  files: number;
  /** Files each prerendered template adds to the client folder itself, its precompressed siblings included (inodes on the build machine). */
  clientPerTemplate: number;
  /** Prerendered templates: the template pages in it. */
  templates: number;
  /** The folder with the most files, and how many it holds. */
  largestFolder: UploadShape['largestFolder'] & { files: number };
}

/** The largest of `files` under `dir` (hosts limit one file's size). */
function findLargestFile(dir: string, files: readonly string[]): { path: string; bytes: number } {
  let largest = { path: '', bytes: 0 };
  for (const path of files) {
    const bytes = statSync(join(dir, path)).size;
    if (bytes > largest.bytes) largest = { path, bytes };
  }
  return largest;
}

/** Counts what an upload of `client` (a client folder or an upload folder) holds and how it grows per template. */
export function measureUpload(client: string): UploadCount {
  const names = listFiles(client);
  const present = new Set(names);
  const files = names.filter((n) => !(isCompressedSibling(n) && present.has(n.slice(0, -3))));
  const byFolder = new Map<string, number>();
  for (const f of files) byFolder.set(dirname(f), (byFolder.get(dirname(f)) ?? 0) + 1);
  const templates = files.filter((f) => /^templates\/[^/]+\.html$/.test(f)).length;
  const ofTemplates = files.filter((f) => grows(dirname(f))).length;
  const withSiblings = names.filter((f) => grows(dirname(f))).length;
  const [path, most] = [...byFolder].sort((a, b) => b[1] - a[1])[0] ?? ['.', 0];
  const perTemplate = templates ? ofTemplates / templates : 0;
  return { files: files.length, largestFile: findLargestFile(client, files), clientPerTemplate: templates ? withSiblings / templates : 0, templates, siteFiles: files.length - ofTemplates, perTemplate, largestFolder: { path, files: most, perTemplate: templates ? most / templates : 0 } };
}
