import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { digestTemplate } from '../core/catalog/digest-template.ts';
import { readCatalogFiles } from '../contracts/published/catalog-shards.ts';
import { hasManifest, readManifestHead, readManifestSegment } from './build-manifest.ts';
import type { KeyedRecord, ManifestFile } from './manifest-segments.ts';
import { scanClientFiles } from './scan-files.ts';

/** Everything a build holds, flat: every file of `client/` (siblings aside) and each template's digest. */
export interface BuildContents {
  build: string;
  files: Map<string, ManifestFile>;
  templates: Map<string, string>;
}

/** Template id → digest, read from a build's own catalog data (for builds without a manifest). */
function readTemplateDigests(clientDir: string): Map<string, string> {
  const readJson = (path: string) => JSON.parse(readFileSync(join(clientDir, path), 'utf8')) as unknown;
  const head = readJson('/data/catalog.json') as { templates?: { id: string }[] };
  // Builds made before the catalog was sharded hold every template in catalog.json itself.
  const templates = head.templates ?? readCatalogFiles(readJson).templates;
  return new Map(templates.map((t) => [t.id, digestTemplate(t)]));
}

/** Describes a finished build by reading its files (what its manifest would say). */
export function describeBuild(buildDir: string): BuildContents {
  const clientDir = join(buildDir, 'client');
  return { build: basename(buildDir), files: scanClientFiles(clientDir), templates: readTemplateDigests(clientDir) };
}

/** Contents from a manifest's parts: the files not keyed, the keyed records, the template digests. */
export function collectContents(build: string, files: ReadonlyMap<string, ManifestFile>, keyed: Iterable<KeyedRecord>, templates: Iterable<[string, string]>): BuildContents {
  const all = new Map(files);
  for (const { file, hash, size, br, gz } of keyed) all.set(file, { hash, size, br, gz });
  return { build, files: all, templates: new Map(templates) };
}

/** Every segment of a build's manifest, flattened (reads them all: for full builds and tools). */
export function readManifestContents(buildDir: string): BuildContents {
  const head = readManifestHead(buildDir);
  const segments = head.segments.map((_, n) => readManifestSegment(buildDir, n, head.segments.length));
  return collectContents(head.build, head.files, segments.flatMap((s) => s.keyed), segments.flatMap((s) => s.templates));
}

/**
 * What an earlier build holds: its manifest, or, for a build made before this manifest layout
 * (or whose manifest is damaged), a scan of its files. Null when it cannot be read at all.
 */
export function readBuildContents(buildDir: string): BuildContents | null {
  try {
    if (hasManifest(buildDir)) return readManifestContents(buildDir);
  } catch {
    // a damaged manifest: read the files instead
  }
  if (!existsSync(join(buildDir, 'client'))) return null;
  try {
    return describeBuild(buildDir);
  } catch {
    return null;
  }
}
