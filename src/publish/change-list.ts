import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CHANGE_LIST_FILE, changeListSchema, type ChangeList } from '../schemas/change-list.ts';
import type { BuildContents } from './describe-build.ts';
import { toServedPath } from './served-path.ts';

/** Added, changed and removed keys between two versions of a keyed set, each sorted. */
export interface Difference {
  changed: string[];
  added: string[];
  removed: string[];
}

const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Compares two maps of key → version: what `next` added, changed and removed against `previous`. */
export function compareVersions(previous: ReadonlyMap<string, string>, next: ReadonlyMap<string, string>): Difference {
  const diff: Difference = { changed: [], added: [], removed: [] };
  for (const [key, version] of next) {
    const before = previous.get(key);
    if (before === undefined) diff.added.push(key);
    else if (before !== version) diff.changed.push(key);
  }
  for (const key of previous.keys()) if (!next.has(key)) diff.removed.push(key);
  diff.changed.sort(byCodeUnit);
  diff.added.sort(byCodeUnit);
  diff.removed.sort(byCodeUnit);
  return diff;
}

/**
 * A build's content by the address that serves it: served path → content hash. Files no
 * request reaches (siblings, hidden files) are left out; two files behind one address (which
 * our builds never make) count as one version of it.
 */
export function mapServedPaths(contents: BuildContents): Map<string, string> {
  const paths = new Map<string, string>();
  for (const [file, { hash }] of contents.files) {
    const path = toServedPath(file);
    if (path === null) continue;
    const other = paths.get(path);
    paths.set(path, other === undefined ? hash : [other, hash].sort().join('+'));
  }
  return paths;
}

/**
 * The change list of `next` against `previous` (null: nothing to compare with, so everything
 * counts as added and a purge must clear everything).
 */
export function computeChangeList(next: BuildContents, previous: BuildContents | null, mode: ChangeList['mode']): ChangeList {
  const empty = new Map<string, string>();
  return {
    version: 1,
    build: next.build,
    previous: previous?.build ?? null,
    mode,
    paths: compareVersions(previous ? mapServedPaths(previous) : empty, mapServedPaths(next)),
    templates: compareVersions(previous?.templates ?? empty, next.templates),
  };
}

/** Writes `list` as `{buildDir}/changes.json`, checked against the shared schema first. */
export function writeChangeList(buildDir: string, list: ChangeList): void {
  writeFileSync(join(buildDir, CHANGE_LIST_FILE), `${JSON.stringify(changeListSchema.parse(list), null, 1)}\n`);
}

/** One line for the build log: `changes: 3 paths changed, 1 added, 0 removed; templates 1/0/0`. */
export function summarizeChangeList(list: ChangeList): string {
  const { paths: p, templates: t } = list;
  return `${p.changed.length} paths changed, ${p.added.length} added, ${p.removed.length} removed; templates ${t.changed.length} changed, ${t.added.length} added, ${t.removed.length} removed (against ${list.previous ?? 'no previous build'})`;
}
