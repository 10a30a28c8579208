import { ApiError } from '../../core/api-error.ts';
import type { Catalog } from '../../core/catalog/catalog.ts';
import { findTemplate } from '../../core/operations/find-template.ts';
import { getTemplate } from '../../core/operations/get-template.ts';
import { TEMPLATE_REF_MAX_LENGTH, TEMPLATE_REF_PATTERN, type Template } from '../../schemas/template.ts';
import type { CacheClass } from '../../core/cdn/cache-policy.ts';
import { createJsonReply, type Reply } from '../reply.ts';
import { LruCache } from '../../core/lru-cache.ts';
import { quoteInput } from '../../core/quote-input.ts';

/** Misses remembered: their "nearest ids" hint costs a fuzzy search (~0.3 ms on 10,000 templates). */
const MISSES_KEPT = 2000;

/** The path parameter's rule (templateRefSchema's), checked without a schema parse on the hot path. */
export const isTemplateRef = (ref: string) => ref.length <= TEMPLATE_REF_MAX_LENGTH && TEMPLATE_REF_PATTERN.test(ref);

function decodeRef(raw: string): string {
  if (!raw.includes('%')) return raw;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * GET /api/v1/templates/{id}: the envelope of one template by id or slug. Each body is
 * serialized once, on first request, and then answered from memory with its ETag; the bytes
 * equal the prebuilt file a CDN serves for the same path. Unknown ids are remembered too, so
 * repeating one does not repeat the search for suggestions.
 */
export function createGetOneRoute(catalog: Catalog, cache: CacheClass, tagHeaders: (id: string) => readonly string[]): (rawRef: string) => Reply {
  const replies = new Map<Template, Reply>();
  const misses = new LruCache<{ error: unknown; size: number }>(MISSES_KEPT, MISSES_KEPT * 1024);
  const find = (ref: string): Template => {
    const miss = misses.get(ref);
    if (miss) throw miss.error;
    try {
      return findTemplate(catalog, ref);
    } catch (error) {
      if (error instanceof ApiError) misses.set(ref, { error, size: 512 });
      throw error;
    }
  };
  return (rawRef) => {
    const ref = decodeRef(rawRef);
    if (!isTemplateRef(ref)) {
      throw new ApiError(
        'template_not_found',
        `No template has the id or slug ${quoteInput(ref)}: ids and slugs hold only letters, digits, "_" and "-". Search with GET /api/v1/templates?q=… to find ids.`,
      );
    }
    const template = catalog.byRef.get(ref) ?? find(ref);
    let reply = replies.get(template);
    if (!reply) {
      reply = createJsonReply(getTemplate(catalog, template.id), cache, tagHeaders(template.id));
      replies.set(template, reply);
    }
    return reply;
  };
}
