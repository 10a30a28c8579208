import type { ChangeList } from '../../schemas/change-list.ts';
import { DEPENDENT_GROUPS, templateTag, type TemplateLookup } from './cache-tags.ts';

/** The tags the server writes on the answer at a path (the route table's: src/contracts/routes/route-tags.ts). */
export type PathTagger = (path: string, lookup: TemplateLookup) => string[];

/** What a CDN must drop after a switch of builds. */
export interface PurgePlan {
  /** Nothing tells what changed (no change list, or one without a previous build): drop everything. */
  everything: boolean;
  /** The cache tags to purge, sorted; empty when nothing cacheable changed. */
  tags: string[];
}

/** Purge everything: the answer whenever the change is not known. */
export const PURGE_EVERYTHING: PurgePlan = { everything: true, tags: [] };

/** The first lookup that knows a ref wins: the new catalog, then the one before it (for removed templates). */
function chainLookups(lookups: readonly TemplateLookup[]): TemplateLookup {
  return (ref) => {
    for (const lookup of lookups) {
      const id = lookup(ref);
      if (id !== undefined) return id;
    }
    return undefined;
  };
}

/**
 * The tags that cover every answer the change lists touch, oldest list first (a server that
 * skipped a build purges the changes of both); no lists, no purge. Each changed, added or removed path gives the
 * tags the server wrote on it (so a removed page is dropped too, an added one replaces a
 * cached miss), each listed template its template tag, and a changed group the groups
 * computed from it (list answers from /data/).
 */
export function planPurge(lists: readonly ChangeList[], lookups: readonly TemplateLookup[], selectPathTags: PathTagger): PurgePlan {
  if (lists.some((list) => list.previous === null)) return PURGE_EVERYTHING;
  const lookup = chainLookups(lookups);
  const tags = new Set<string>();
  for (const list of lists) {
    const { templates, paths } = list;
    for (const id of [...templates.changed, ...templates.added, ...templates.removed]) tags.add(templateTag(id));
    for (const path of [...paths.changed, ...paths.added, ...paths.removed]) {
      for (const tag of selectPathTags(path, lookup)) tags.add(tag);
    }
  }
  for (const tag of [...tags]) for (const dependent of DEPENDENT_GROUPS[tag] ?? []) tags.add(dependent);
  return { everything: false, tags: [...tags].sort() };
}
