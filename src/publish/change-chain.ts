import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CHANGE_LIST_FILE, changeListSchema, type ChangeList } from '../schemas/change-list.ts';

/** Change lists followed back at most: a server this far behind purges everything instead. */
const MAX_STEPS = 50;

function readChangeList(buildsDir: string, id: string): ChangeList | null {
  try {
    const parsed = changeListSchema.safeParse(JSON.parse(readFileSync(join(buildsDir, id, CHANGE_LIST_FILE), 'utf8')));
    return parsed.success && parsed.data.build === id ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The change lists that lead from build `fromId` to build `toId`, oldest first, read from
 * `{buildsDir}/<id>/changes.json` and followed back through each list's `previous`: one list
 * when `toId` was made right after `fromId`, more when builds were published in between.
 * Null when the way back is not known (a list missing or unreadable, a list with no previous
 * build, `fromId` never reached): the caller must then assume everything changed.
 */
export function readChangeChain(buildsDir: string, fromId: string, toId: string): ChangeList[] | null {
  const chain: ChangeList[] = [];
  let id = toId;
  for (let step = 0; step < MAX_STEPS && id !== fromId; step++) {
    const list = readChangeList(buildsDir, id);
    if (!list?.previous) return null;
    chain.unshift(list);
    id = list.previous;
  }
  return id === fromId ? chain : null;
}
