import type { ServerResponse } from 'node:http';
import { SEARCH_NOTE } from '../../core/header-names.ts';
import { readAnswerHeader, removeHeader } from '../../function/light-response.ts';

// Header pairs handed straight to writeHead are not readable with getHeader afterwards: the
// origin's app keeps a search's note here for the request line (request-entry.ts).
const notes = new WeakMap<ServerResponse, string>();

/**
 * Keeps the SEARCH_NOTE of an answer (a search's unmatched words) for the access line, and
 * gives back the answer without it: the note is for the log, never sent to the client.
 */
export function takeSearchNote(res: ServerResponse, answer: Response): Response {
  const note = readAnswerHeader(answer, SEARCH_NOTE);
  if (note === null) return answer;
  notes.set(res, note);
  return removeHeader(answer, SEARCH_NOTE);
}

/** The note of a search answer (the list's or /search.md's), kept when its answer was written. */
export function readSearchNoteHeader(res: ServerResponse): string | undefined {
  return notes.get(res);
}
