import { cpSync, linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { inject } from 'vitest';
import { locateBuildsDir, publishBuild } from '../../../src/publish/build-layout.ts';
import type { CatalogHead, CatalogShard } from '../../../src/schemas/catalog-data.ts';

/** A DIST_DIR under /tmp in the `npm run build` layout: a symlink to one of `{dist}.builds/<id>/`. */
export interface BuildsRoot {
  distDir: string;
  /** Copies the test build to `{dist}.builds/<id>`, lets `edit` change it, and returns its folder (not yet published). */
  addBuild(id: string, edit?: (dir: string) => void): string;
  /**
   * Hard-links every file of the build folder `from` into `{dist}.builds/<id>`, as an
   * incremental publish does with the files it did not change, lets `edit` replace some
   * (rewriteClientFile never writes through a link), and returns the folder (not yet published).
   */
  linkBuild(id: string, from: string, edit?: (dir: string) => void): string;
  publish(dir: string): void;
  remove(): void;
}

export function createBuildsRoot(): BuildsRoot {
  const root = mkdtempSync(join(tmpdir(), 'ops-builds-'));
  const distDir = join(root, 'dist');
  return {
    distDir,
    addBuild(id, edit) {
      const dir = join(locateBuildsDir(distDir), id);
      cpSync(inject('distDir'), dir, { recursive: true });
      edit?.(dir);
      return dir;
    },
    linkBuild(id, from, edit) {
      const dir = join(locateBuildsDir(distDir), id);
      for (const e of readdirSync(from, { withFileTypes: true, recursive: true })) {
        const target = join(dir, relative(from, e.parentPath), e.name);
        if (e.isDirectory()) mkdirSync(target, { recursive: true });
        else {
          mkdirSync(join(target, '..'), { recursive: true });
          linkSync(join(e.parentPath, e.name), target);
        }
      }
      edit?.(dir);
      return dir;
    },
    publish: (dir) => publishBuild(distDir, dir),
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}

/**
 * Rewrites a client file of a build as a new file (as a publish writes what changed: a file
 * hard-linked from another build is replaced, never written through) and drops its
 * precompressed siblings, so every client gets the new bytes.
 */
export function rewriteClientFile(dir: string, path: string, change: (text: string) => string): void {
  const file = join(dir, 'client', path);
  const text = change(readFileSync(file, 'utf8'));
  rmSync(file);
  writeFileSync(file, text);
  rmSync(`${file}.br`, { force: true });
  rmSync(`${file}.gz`, { force: true });
}

/** Renames a template (its shard of the catalog data, its page) so that every answer mentioning it tells the builds apart. */
export function renameFirstTemplate(dir: string, suffix: string): { slug: string; title: string } {
  let slug = '';
  let title = '';
  const head = JSON.parse(readFileSync(join(dir, 'client', 'data', 'catalog.json'), 'utf8')) as CatalogHead;
  const shard = head.shards.find((path) => (JSON.parse(readFileSync(join(dir, 'client', path), 'utf8')) as CatalogShard).templates.length > 0)!;
  rewriteClientFile(dir, shard, (text) => {
    const data = JSON.parse(text) as CatalogShard;
    const t = data.templates[0]!;
    slug = t.slug;
    title = t.title;
    t.title = `${t.title} ${suffix}`;
    return JSON.stringify(data);
  });
  rewriteClientFile(dir, `templates/${slug}.html`, (html) => html.replaceAll(title, `${title} ${suffix}`));
  return { slug, title: `${title} ${suffix}` };
}

function listHtmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => join(e.parentPath, e.name));
}

/**
 * Gives the build's shared stylesheet (the first the home page links) new bytes under a new
 * name, as a CSS edit would, and points every page at it. Returns the old and new addresses.
 */
export function changeBaseCss(dir: string, tag: string): { before: string; after: string } {
  const assets = join(dir, 'client', '_astro');
  // The site's shared stylesheet: the first one the home page links (every page links it).
  const name = /\/_astro\/([\w.-]+\.css)"/.exec(readFileSync(join(dir, 'client', 'index.html'), 'utf8'))![1]!;
  const renamed = name.replace(/\.[\w-]+\.css$/, `.${tag}.css`);
  writeFileSync(join(assets, renamed), `${readFileSync(join(assets, name), 'utf8')}\n/* ${tag} */\n`);
  for (const suffix of ['', '.br', '.gz']) rmSync(join(assets, name + suffix), { force: true });
  for (const file of listHtmlFiles(join(dir, 'client'))) {
    const html = readFileSync(file, 'utf8');
    if (!html.includes(name)) continue;
    writeFileSync(file, html.replaceAll(name, renamed));
    rmSync(`${file}.br`, { force: true });
    rmSync(`${file}.gz`, { force: true });
  }
  return { before: `/_astro/${name}`, after: `/_astro/${renamed}` };
}
