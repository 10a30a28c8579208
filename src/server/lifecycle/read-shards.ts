import { open } from 'node:fs/promises';
import { join } from 'node:path';
import type { TemplateCompactor } from '../../core/catalog/compact-templates.ts';
import { checkShard } from '../../http/data/check-build-data.ts';
import type { Template } from '../../schemas/template.ts';
import { missingBuildFile, yieldToRequests } from './read-build-data.ts';

/**
 * The templates of each catalog shard a build loaded, by the shard file's identity: what the
 * next load may take instead of reading the file again. Builds are immutable and an
 * incremental publish hard-links every file it did not change, so a shard with the same
 * identity is the same bytes, already parsed and checked.
 */
export type ShardTemplates = ReadonlyMap<string, readonly unknown[]>;

/** One shard of a load: where it is, its templates, and whether it was parsed now. */
export interface LoadedShard {
  file: string;
  templates: readonly unknown[];
  reused: boolean;
}

/** Shards read at once: enough to keep the disk busy, few enough to bound the text held. */
const SHARDS_AT_ONCE = 8;

/**
 * Device and inode say which file; size and modification time (kept by a hard link, new for a
 * new file) guard against an inode number the file system gave again after the build that had
 * it was pruned while a server still held its templates.
 */
const identify = (s: { dev: bigint; ino: bigint; size: bigint; mtimeNs: bigint }) => `${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}`;

/** Reads one shard through one open file, so the identity checked is the file read; its templates compacted as they are parsed. */
async function readShard(file: string, distDir: string, known: ShardTemplates, compact: TemplateCompactor): Promise<LoadedShard & { key: string }> {
  const handle = await open(file).catch(() => {
    throw missingBuildFile(file, distDir);
  });
  try {
    const key = identify(await handle.stat({ bigint: true }));
    const templates = known.get(key);
    if (templates) return { file, key, templates, reused: true };
    return { file, key, templates: compact(checkShard((await handle.readFile()).toString('utf8'), file) as Template[]), reused: false };
  } finally {
    await handle.close();
  }
}

/**
 * Reads the shards `paths` names under `clientDir`, in order, taking the templates of any
 * shard file found in `known` (the serving build's) instead of parsing it; a few at a time,
 * yielding between parses, so no string holds more than one shard and a running server keeps
 * answering. Each shard parsed now is compacted (compact-templates.ts, as the function's loader
 * does): at 100,000 templates the parsed templates kept ~56 MB more. Returns the shards and this
 * build's own ShardTemplates for the next load.
 */
export async function readShards(clientDir: string, paths: readonly string[], distDir: string, known: ShardTemplates, compact: TemplateCompactor): Promise<{ shards: LoadedShard[]; byFile: ShardTemplates }> {
  const shards: LoadedShard[] = new Array(paths.length);
  const byFile = new Map<string, readonly unknown[]>();
  for (let from = 0; from < paths.length; from += SHARDS_AT_ONCE) {
    const batch = await Promise.all(paths.slice(from, from + SHARDS_AT_ONCE).map((path) => readShard(join(clientDir, path), distDir, known, compact)));
    batch.forEach(({ key, ...shard }, k) => {
      shards[from + k] = shard;
      byFile.set(key, shard.templates);
    });
    await yieldToRequests();
  }
  return { shards, byFile };
}
