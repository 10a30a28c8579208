import type { IncomingHttpHeaders } from 'node:http';
import parseRange from 'range-parser';
import { matchesIfNoneMatch, splitTags } from '../../http/conditional.ts';

/** What the preconditions of RFC 9110 §13.2.2 decide for a selected representation. */
export type PreconditionOutcome = 'proceed' | 'not-modified' | 'failed';

/** `If-Match` uses the strong comparison (§13.1.1): a weak tag never matches. */
function matchesIfMatch(header: string, etag: string): boolean {
  return splitTags(header).some((tag) => tag === '*' || (!tag.startsWith('W/') && tag === etag));
}

/**
 * RFC 9110 §13.2.2 for a resource that has an ETag and no Last-Modified: If-Match first (412
 * when it names another version), then If-None-Match (304 for GET and HEAD). The dates
 * (If-Unmodified-Since, If-Modified-Since) have nothing to compare with and are ignored.
 */
export function evaluatePreconditions(method: string | undefined, headers: IncomingHttpHeaders, etag: string): PreconditionOutcome {
  const ifMatch = headers['if-match'];
  if (ifMatch && !matchesIfMatch(ifMatch, etag)) return 'failed';
  if (matchesIfNoneMatch(headers['if-none-match'], etag)) return method === 'GET' || method === 'HEAD' ? 'not-modified' : 'failed';
  return 'proceed';
}

/** One byte range to send, both ends inclusive. */
export interface ByteRange {
  start: number;
  end: number;
}

/** A range-spec whose last position is before its first is invalid (§14.1.1), not unsatisfiable. */
const BACKWARDS = /(?:^|[=,])\s*(\d+)\s*-\s*(\d+)\s*(?=,|$)/g;

function hasBackwardsSpec(range: string): boolean {
  for (const [, first, last] of range.matchAll(BACKWARDS)) if (Number(last) < Number(first)) return true;
  return false;
}

/**
 * The byte range a GET should answer with (RFC 9110 §14), parsed by `range-parser` (the
 * parser of `send`/Express). undefined means "send the whole representation": no Range, a
 * HEAD, a stale `If-Range` (a date counts as stale: we send no Last-Modified), a unit other
 * than bytes, a malformed or backwards spec (a server may ignore an invalid Range), or several
 * ranges that stay apart after merging (multipart answers are optional; the whole file is
 * always a correct answer). 'unsatisfiable' becomes a 416.
 */
export function selectRange(method: string | undefined, headers: IncomingHttpHeaders, etag: string, size: number): ByteRange | 'unsatisfiable' | undefined {
  const range = headers.range;
  if (!range || method !== 'GET') return undefined;
  const ifRange = headers['if-range'];
  if (ifRange !== undefined && String(ifRange).trim() !== etag) return undefined;
  if (hasBackwardsSpec(range)) return undefined;
  const ranges = parseRange(size, range, { combine: true });
  if (ranges === -2 || (ranges !== -1 && ranges.type !== 'bytes')) return undefined;
  if (ranges === -1) return 'unsatisfiable';
  return ranges.length === 1 ? ranges[0] : undefined;
}
