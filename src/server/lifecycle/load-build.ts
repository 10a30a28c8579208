import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { deriveSiteUrl, isLoopbackHost } from '../../config/derive-site-url.ts';
import { readConfig } from '../../config/read-config.ts';
import { createCatalog, type Catalog } from '../../core/catalog/catalog.ts';
import { checkSearchIndex } from '../../http/data/check-build-data.ts';
import type { Template } from '../../schemas/template.ts';
import { resolveBuild } from '../../publish/build-layout.ts';
import { readBuildFile, yieldToRequests } from './read-build-data.ts';
import { BuildError } from '../../http/data/check-build-data.ts';
import { readCatalogData } from './read-catalog-data.ts';
import type { ShardTemplates } from './read-shards.ts';
import { logWarn } from '../observe/log.ts';

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
  /** The templates of each catalog shard file, which the next build's load reuses where it shares the file. */
  shards: ShardTemplates;
  /** How many shards this load took from the build serving before it instead of parsing them. */
  reusedShards: number;
}

function locate(distDir: string) {
  try {
    return resolveBuild(distDir);
  } catch {
    throw new BuildError(
      `No build found: ${distDir} is missing. Build the site first with \`npm run build\` (DIST_DIR=${distDir}), or run \`npm start\`, which builds and then serves.`,
    );
  }
}

/** How a build is loaded: on a reload, with the serving build's parsed shards at hand. */
export interface LoadBuildOptions {
  /** Imports the server entry now (a reload: cold start defers it) so a broken one is refused. */
  importEntry?: boolean;
  /** The serving build: the catalog shard files the new build shares with it are not parsed again. */
  serving?: LoadedBuild;
  /** The Node function's builds may hold the data files alone: no server entry needed. */
  dataOnly?: boolean;
}

/**
 * Loads the prerendered catalog and search index of the build DIST_DIR names (following its
 * symlink once, so every file read later comes from that one folder) and checks that the build
 * is whole; with `importEntry` its server entry must load too. The server never re-indexes.
 * Shard files the build shares with the `serving` one (an incremental publish hard-links every
 * file it did not change) keep the templates already parsed: a one-template edit parses one
 * shard. Long synchronous steps are separated by yields so a running server keeps answering
 * while a new build loads. Throws BuildError with a message for the operator.
 */
export async function loadBuild(distDir: string, opts: LoadBuildOptions = {}): Promise<LoadedBuild> {
  const { dir, id, key } = locate(distDir);
  const clientDir = join(dir, 'client');
  const serverEntry = join(dir, 'server', 'entry.mjs');
  const indexPath = join(clientDir, 'data', 'search-index.bin');
  const [data, indexBytes] = await Promise.all([readCatalogData(clientDir, distDir, opts.serving?.shards), readBuildFile(indexPath, distDir, true)]);
  await yieldToRequests();
  const index = checkSearchIndex(indexBytes, indexPath, data.templates.length);
  await yieldToRequests();
  const hasEntry = !opts.dataOnly || existsSync(serverEntry);
  if (hasEntry) await readBuildFile(serverEntry, distDir);
  if (hasEntry && opts.importEntry) await importServerEntry(serverEntry);
  const { categories, builtAt, siteUrl, filterWords, topicalPairs } = data.head;
  checkSiteUrl(siteUrl, distDir);
  if (opts.serving) checkSameSite(siteUrl, opts.serving.siteUrl, distDir);
  const elsewhere = describeAddressMismatch(siteUrl, distDir);
  if (elsewhere) logWarn({ msg: elsewhere, build: id, siteUrl });
  const templates = data.templates as Template[];
  const catalog = createCatalog(categories, templates, index, filterWords, { topicalPairs });
  return { id, key, catalog, builtAt, siteUrl, clientDir, serverEntry: hasEntry ? serverEntry : '', shards: data.byFile, reusedShards: data.reusedShards };
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
// Pages, sitemaps, feeds, openapi.json and the MCP card name the build's SITE_URL (given, or
// derived from HOST and PORT). A server started with another SITE_URL would answer with
// addresses its own files contradict, so it refuses; one started without SITE_URL on another
// port than a local build was made for serves, and says its links lead to that other port.

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

/**
 * Throws BuildError when a new build was made for another SITE_URL than the build serving: its
 * every link would point where this server does not answer (a plain `npm run build` after
 * `PORT=6101 npm start` makes a build for port 4321). The server keeps serving its build.
 */
export function checkSameSite(builtFor: string, serving: string, distDir: string): void {
  if (builtFor === serving) return;
  throw new BuildError(
    `SITE_URL differs: the new build in ${distDir} was made for ${builtFor}, but this server serves ${serving}; it keeps serving ` +
      `its current build. Rebuild for this server with \`SITE_URL=${serving} npm run build\` (or the HOST and PORT it was started with), ` +
      `or restart the server to serve ${builtFor}.`,
  );
}

/**
 * Why the build's links will not lead to this server, or undefined when they do. Not checked
 * where the server's own port does not matter: the build names a public address, or the server
 * sits behind proxies it trusts (TRUST_PROXY; clients come through them, as in `npm run stack`).
 * Only checked without SITE_URL and with a fixed PORT.
 */
export function describeAddressMismatch(builtFor: string, distDir: string, env: Record<string, string | undefined> = process.env): string | undefined {
  if (env.SITE_URL?.trim()) return undefined;
  const { HOST, PORT, TRUST_PROXY } = readConfig({ HOST: env.HOST, PORT: env.PORT, TRUST_PROXY: env.TRUST_PROXY });
  if (PORT === 0 || TRUST_PROXY !== 0) return undefined;
  const built = new URL(builtFor);
  const here = new URL(deriveSiteUrl(HOST, PORT));
  const builtPort = Number(built.port || (built.protocol === 'https:' ? 443 : 80));
  if (!isLoopbackHost(built.hostname) || (builtPort === PORT && isLoopbackHost(here.hostname))) return undefined;
  return (
    `The build in ${distDir} was made for ${builtFor}, but this server listens on ${here.origin}: the API's url, the MCP ` +
    `links and the pages name ${builtFor}. Rebuild for this address with \`HOST=${HOST} PORT=${PORT} npm run build\` ` +
    `(\`npm start\` builds and serves with the same settings), or build with SITE_URL set to the address clients use.`
  );
}

