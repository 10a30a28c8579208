import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { digestTemplate } from '../core/catalog/digest-template.ts';
import { readCatalogFiles } from '../contracts/published/catalog-shards.ts';
import { readBuildManifest, type BuildManifest } from './build-manifest.ts';
import { scanClientFiles } from './scan-files.ts';

/** Template id → digest, read from a build's own catalog data (for builds without a manifest). */
function readTemplateDigests(clientDir: string): Map<string, string> {
  const readJson = (path: string) => JSON.parse(readFileSync(join(clientDir, path), 'utf8')) as unknown;
  const head = readJson('/data/catalog.json') as { templates?: { id: string }[] };
  // Builds made before the catalog was sharded hold every template in catalog.json itself.
  const templates = head.templates ?? readCatalogFiles(readJson).templates;
  return new Map(templates.map((t) => [t.id, digestTemplate(t)]));
}

/** Describes a finished build by reading its files (what its manifest would say). */
export function describeBuild(buildDir: string): BuildManifest {
  const clientDir = join(buildDir, 'client');
  return { build: basename(buildDir), files: scanClientFiles(clientDir), templates: readTemplateDigests(clientDir) };
}

/**
 * What an earlier build holds: its manifest, or, for a build made before manifests (or whose
 * manifest is damaged), a scan of its files. Null when it cannot be read at all.
 */
export function readBuildContents(buildDir: string): BuildManifest | null {
  try {
    return readBuildManifest(buildDir);
  } catch {
    if (!existsSync(join(buildDir, 'client'))) return null;
    try {
      return describeBuild(buildDir);
    } catch {
      return null;
    }
  }
}
