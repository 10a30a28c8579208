import type { ServerResponse } from 'node:http';
import { SEARCH_NOTE } from '../../core/header-names.ts';

// Header pairs handed straight to writeHead are not readable with getHeader afterwards: the
// API writer keeps a search's note here for the request line (request-entry.ts).
const notes = new WeakMap<ServerResponse, string>();

/** Keeps the SEARCH_NOTE of a reply's own header pairs (`[name, value, …]`) for the access line. */
export function keepSearchNote(res: ServerResponse, headers: readonly string[] | undefined): void {
  if (!headers) return;
  const at = headers.indexOf(SEARCH_NOTE);
  if (at >= 0 && at % 2 === 0) notes.set(res, headers[at + 1]!);
}

/** The note of a search answer: kept by the API writer, or set as a header by a page (/search.md). */
export function readSearchNoteHeader(res: ServerResponse): unknown {
  return notes.get(res) ?? res.getHeader(SEARCH_NOTE);
}
