import { TOOL_NAMES } from '../../core/tool-names.ts';
import { formatSearchNote } from '../../core/search/search-note.ts';

type Message = { id?: unknown; method?: unknown; params?: { name?: unknown } } | null | undefined;
type Answer = { id?: unknown; result?: { structuredContent?: { total?: unknown; count?: unknown; unmatched?: unknown } } } | null | undefined;

/** True when the answer says it found nothing (`"total":0` or `"count":0`; a string would hold its quotes escaped). Searched, not matched: a regex takes ~40 µs here. */
function foundNothing(text: string): boolean {
  for (const key of ['"total":0', '"count":0']) {
    for (let at = text.indexOf(key); at !== -1; at = text.indexOf(key, at + 1)) {
      const next = text[at + key.length];
      if (next === ',' || next === '}') return true;
    }
  }
  return false;
}

/** The ids of the `search_templates` calls in a JSON-RPC message or batch (empty when there are none). */
export function findSearchCalls(message: unknown): Set<unknown> {
  const ids = new Set<unknown>();
  for (const m of (Array.isArray(message) ? message : [message]) as Message[]) {
    if (m && m.method === 'tools/call' && m.id !== undefined && m.params?.name === TOOL_NAMES.searchTemplates) ids.add(m.id);
  }
  return ids;
}

/**
 * The search note (SEARCH_NOTE's value: total and the words no template matched, plain words
 * only) of the first `search_templates` answer among `ids` in a JSON-RPC answer's text, as the
 * REST list's answer carries it; undefined when none has one. A batch notes its first search:
 * the request line holds one.
 */
export function readMcpSearchNote(text: string, ids: Set<unknown>): string | undefined {
  // Most searches find every word and something: no note, and no parse of the answer (~60 µs).
  if (!text.includes('"unmatched":["') && !foundNothing(text)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  for (const answer of (Array.isArray(parsed) ? parsed : [parsed]) as Answer[]) {
    const found = answer && ids.has(answer.id) ? answer.result?.structuredContent : undefined;
    if (!found || !Array.isArray(found.unmatched) || typeof found.count !== 'number') continue;
    const unmatched = found.unmatched.filter((w): w is string => typeof w === 'string');
    const note = formatSearchNote({ count: found.count, ...(typeof found.total === 'number' && { total: found.total }), unmatched });
    if (note) return note;
  }
  return undefined;
}
