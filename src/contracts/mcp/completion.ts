import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import type { CompleteResult } from '@modelcontextprotocol/server';
import type { Catalog } from '../../core/catalog/catalog.ts';
import { formatSchema } from '../../schemas/template.ts';
import { MCP_PROMPTS } from './prompts.ts';
import { MCP_RESOURCE_TEMPLATES, buildUriTemplate } from './resources.ts';
import { checkCompletionValue } from './input-bounds.ts';
import { quoteInput } from '../../core/quote-input.ts';

/** The most values one completion answer carries (the MCP limit). */
const MAX_VALUES = 100;

/** What completion/complete receives, reduced to what this server reads. */
export interface CompletionRequest {
  ref: { type: string; uri?: string; name?: string };
  argument: { name: string; value: string };
}

function answer(values: readonly string[]): CompleteResult {
  return { completion: { values: values.slice(0, MAX_VALUES), total: values.length, hasMore: values.length > MAX_VALUES } };
}

/**
 * Template ids or slugs for `value`: every one that starts with it first (newest first; clients
 * that filter by prefix keep exactly these), then the catalog search's other hits for it.
 */
export function completeTemplateRefs(catalog: Catalog, value: string, key: 'id' | 'slug'): CompleteResult {
  const text = value.trim().toLowerCase();
  if (!text) return answer(catalog.templates.slice(0, MAX_VALUES + 1).map((t) => t[key]));
  const starting = catalog.templates.map((t) => t[key]).filter((ref) => ref.toLowerCase().startsWith(text));
  const found = new Set(starting);
  const others = catalog.search(text).flatMap((id) => {
    const ref = catalog.byRef.get(id)?.[key];
    return ref !== undefined && !found.has(ref) ? [ref] : [];
  });
  return answer([...starting, ...others]);
}

/**
 * Category ids for `value`: ids starting with it first, then those whose label starts with it,
 * then categories by how many of the search's best hits for `value` they hold (so "coffee"
 * suggests the category of coffee templates).
 */
export function completeCategories(catalog: Catalog, value: string): CompleteResult {
  const text = value.trim().toLowerCase();
  if (!text) return answer(catalog.categories.map((c) => c.id));
  const hits = new Map<string, number>();
  for (const id of catalog.search(text).slice(0, 200)) {
    const category = catalog.byRef.get(id)?.category;
    if (category) hits.set(category, (hits.get(category) ?? 0) + 1);
  }
  const rank = (c: { id: string; label: string }) => (c.id.startsWith(text) ? 0 : c.label.toLowerCase().startsWith(text) ? 1 : 2);
  const ranked = catalog.categories
    .filter((c) => rank(c) < 2 || hits.has(c.id))
    .sort((a, b) => rank(a) - rank(b) || (hits.get(b.id) ?? 0) - (hits.get(a.id) ?? 0));
  return answer(ranked.map((c) => c.id));
}

function completeFormat(value: string): CompleteResult {
  return answer(formatSchema.options.filter((f) => f.startsWith(value.trim())));
}

/**
 * completion/complete: template ids and slugs and category ids in the resource templates, and
 * the promo_video prompt's `occasion` (category labels) and `format`. Other arguments complete to
 * nothing; an unknown reference is an invalid-params error naming what exists.
 */
export function complete(catalog: Catalog, siteUrl: string, request: CompletionRequest): CompleteResult {
  const { ref, argument } = request;
  checkCompletionValue(argument.value);
  if (ref.type === 'ref/resource') {
    const template = MCP_RESOURCE_TEMPLATES.find((t) => buildUriTemplate(siteUrl, t) === ref.uri);
    if (!template) {
      const known = MCP_RESOURCE_TEMPLATES.map((t) => buildUriTemplate(siteUrl, t)).join(', ');
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown resource template ${quoteInput(ref.uri)}. Resource templates: ${known}.`);
    }
    if (argument.name !== template.variable) return answer([]);
    if (template.variable === 'category') return completeCategories(catalog, argument.value);
    return completeTemplateRefs(catalog, argument.value, template.variable);
  }
  if (ref.type === 'ref/prompt') {
    const prompt = MCP_PROMPTS.find((p) => p.name === ref.name);
    if (!prompt) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown prompt ${quoteInput(ref.name)}. Prompts: ${MCP_PROMPTS.map((p) => p.name).join(', ')}.`);
    if (argument.name === 'format') return completeFormat(argument.value);
    if (argument.name === 'occasion') {
      const ids = completeCategories(catalog, argument.value).completion.values;
      return answer(ids.map((id) => catalog.categories.find((c) => c.id === id)?.label ?? id));
    }
    return answer([]);
  }
  throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown completion reference type ${quoteInput(ref.type)}: use ref/resource or ref/prompt.`);
}
