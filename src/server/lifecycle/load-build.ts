import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { readConfig } from '../../config/read-config.ts';
import { createCatalog, type Catalog } from '../../core/catalog/catalog.ts';
import { formatIssues } from '../../core/format-issues.ts';
import { loadSearchIndex } from '../../core/search/search-index.ts';
import { catalogDataEnvelopeSchema } from '../../schemas/catalog-data.ts';
import { templateSchema, type Template } from '../../schemas/template.ts';
import { resolveBuild } from '../../publish/build-layout.ts';

/** Thrown when the build is missing or unreadable; the message says how to make one. */
export class BuildError extends Error {
  override name = 'BuildError';
}

/** What the server serves: the runtime catalog and where the build's two halves are. */
export interface LoadedBuild {
  /** The build folder's name (`20261122T181022Z-3fa9` under `npm run build`); logs and metrics carry it. */
  id: string;
  /** Changes whenever DIST_DIR names another build (real path and inode). */
  key: string;
  catalog: Catalog;
  builtAt: string;
  /** The SITE_URL the build was made for; the server names this address. */
  siteUrl: string;
  /** Absolute path of the prerendered files (`{DIST_DIR}/client`). */
  clientDir: string;
  /** Absolute path of Astro's middleware entry for on-demand pages. */
  serverEntry: string;
}

async function readBuildFile(path: string, distDir: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch {
    throw new BuildError(
      `No build found: ${path} is missing. Build the site first with \`npm run build\` (DIST_DIR=${distDir}), or run \`npm start\`, which builds and then serves.`,
    );
  }
}

/** Templates checked in full at start, spread evenly from first to last. */
const SAMPLE_SIZE = 64;

function checkSample(templates: readonly unknown[], path: string): void {
  const bad = templates.findIndex((t) => typeof (t as Template | null)?.id !== 'string' || typeof (t as Template).slug !== 'string');
  if (bad !== -1) throw new BuildError(`The build is corrupt: template ${bad} of ${path} has no string id and slug. Rebuild with \`npm run build\`.`);
  const last = templates.length - 1;
  const picks = new Set(Array.from({ length: Math.min(SAMPLE_SIZE, templates.length) }, (_, k) => Math.round((k * last) / Math.max(1, SAMPLE_SIZE - 1))));
  for (const i of picks) {
    const checked = templateSchema.safeParse(templates[i]);
    if (!checked.success) {
      const lines = formatIssues(checked.error).slice(0, 5);
      throw new BuildError(`The build is corrupt: template ${i} of ${path} does not match the Template shape:\n  ${lines.join('\n  ')}\nRebuild with \`npm run build\`.`);
    }
  }
}

function parseJson(text: string, path: string): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new BuildError(`The build is corrupt: ${path} is not valid JSON (${(err as Error).message}). Rebuild with \`npm run build\`.`);
  }
}

/** Lets requests in between the long synchronous steps of a load (parse, index, check). */
const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

function locate(distDir: string) {
  try {
    return resolveBuild(distDir);
  } catch {
    throw new BuildError(
      `No build found: ${distDir} is missing. Build the site first with \`npm run build\` (DIST_DIR=${distDir}), or run \`npm start\`, which builds and then serves.`,
    );
  }
}

/**
 * Loads the prerendered catalog and search index of the build DIST_DIR names (following its
 * symlink once, so every file read later comes from that one folder) and checks that the build
 * is whole; with `importEntry` (a reload: cold start defers it) its server entry must load too. The server never re-indexes. Long synchronous steps are
 * separated by yields so a running server keeps answering while a new build loads. Throws
 * BuildError with a message for the operator.
 */
export async function loadBuild(distDir: string, opts: { importEntry?: boolean } = {}): Promise<LoadedBuild> {
  const { dir, id, key } = locate(distDir);
  const clientDir = join(dir, 'client');
  const serverEntry = join(dir, 'server', 'entry.mjs');
  const catalogPath = join(clientDir, 'data', 'catalog.json');
  const indexPath = join(clientDir, 'data', 'search-index.json');
  const [catalogText, indexText] = await Promise.all([readBuildFile(catalogPath, distDir), readBuildFile(indexPath, distDir)]);

  const parsed = catalogDataEnvelopeSchema.safeParse(parseJson(catalogText, catalogPath));
  if (!parsed.success) {
    const lines = formatIssues(parsed.error).slice(0, 5);
    throw new BuildError(`The build is corrupt: ${catalogPath} does not match the catalog shape:\n  ${lines.join('\n  ')}\nRebuild with \`npm run build\`.`);
  }
  checkSample(parsed.data.templates, catalogPath);
  await yieldToRequests();
  let index;
  try {
    index = loadSearchIndex(indexText);
  } catch (err) {
    throw new BuildError(`The build is corrupt: ${indexPath} is not a search index (${(err as Error).message}). Rebuild with \`npm run build\`.`);
  }
  await yieldToRequests();
  await readBuildFile(serverEntry, distDir);
  if (opts.importEntry) await importServerEntry(serverEntry);
  const { categories, builtAt, siteUrl } = parsed.data;
  checkSiteUrl(siteUrl, distDir);
  const templates = parsed.data.templates as unknown as Template[];
  return { id, key, catalog: createCatalog(categories, templates, index), builtAt, siteUrl, clientDir, serverEntry };
}

/**
 * Imports the build's Astro server entry now: a broken one refuses the build before it serves,
 * and the first on-demand page after a switch does not wait for it. Each build has its own folder, hence its
 * own module URL: Node's module cache never hands a new build an older build's code.
 */
async function importServerEntry(serverEntry: string): Promise<void> {
  try {
    await import(pathToFileURL(serverEntry).href);
  } catch (err) {
    throw new BuildError(`The build is corrupt: ${serverEntry} does not load (${(err as Error).message}). Rebuild with \`npm run build\`.`);
  }
}

// --- SITE_URL is a build setting -------------------------------------------------------------
// Pages, sitemaps, feeds, openapi.json and the MCP card name the build's SITE_URL. A server
// started with another one would answer with addresses its own files contradict, so it refuses.

/**
 * Throws BuildError when SITE_URL was given to this process and differs from the build's.
 * Without SITE_URL the server simply serves the build's address.
 */
export function checkSiteUrl(builtFor: string, distDir: string, env: Record<string, string | undefined> = process.env): void {
  if (!env.SITE_URL?.trim()) return;
  const given = readConfig({ SITE_URL: env.SITE_URL }).SITE_URL;
  if (given === builtFor) return;
  throw new BuildError(
    `SITE_URL is ${given}, but the build in ${distDir} was made for ${builtFor}. SITE_URL is a build setting: every page, ` +
      `sitemap and openapi.json names it. Rebuild with \`SITE_URL=${given} npm run build\`, or start without SITE_URL to serve ${builtFor}.`,
  );
}
