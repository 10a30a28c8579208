/**
 * The oracle: compareNewestFirst as it was before the sort was made cheap (src/core/catalog/catalog.ts
 * at d2cd42b), verbatim, so tests can prove the fast sort gives the same order. Never "fix" it.
 */
import type { Template } from '../../../../src/schemas/template.ts';

/** Newest first by publishedAt (undated last), then by title. */
export function compareNewestFirst(a: Template, b: Template): number {
  const da = a.publishedAt ? Date.parse(a.publishedAt) : -Infinity;
  const db = b.publishedAt ? Date.parse(b.publishedAt) : -Infinity;
  return db - da || a.title.localeCompare(b.title, 'en');
}
