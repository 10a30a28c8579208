import type { Template } from '../../schemas/template.ts';
import { ApiError } from '../api-error.ts';
import type { Catalog } from '../catalog/catalog.ts';
import { quoteInput } from '../quote-input.ts';

/** Characters `a` and `b` share from their start. */
function sharedPrefix(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
}

/**
 * Up to `max` templates whose id, slug or title resemble `ref`, for "did you mean" help: the
 * catalog search first (typo and prefix tolerant), then, when it finds nothing (an id such as
 * `tpl-9999`), the templates whose id or slug share the longest start with `ref`, newest first.
 */
export function suggestTemplates(catalog: Catalog, ref: string, max = 3): Template[] {
  const words = ref.replace(/[_-]+/g, ' ').trim().slice(0, 100);
  if (!words) return [];
  const found = catalog.search(words).slice(0, max).flatMap((id) => catalog.byRef.get(id) ?? []);
  if (found.length) return found;
  const wanted = ref.toLowerCase();
  const closeness = (t: Template) => Math.max(sharedPrefix(t.id.toLowerCase(), wanted), sharedPrefix(t.slug, wanted));
  // A stable sort keeps the catalog's newest-first order among equals.
  return catalog.templates.filter((t) => closeness(t) > 0).sort((a, b) => closeness(b) - closeness(a)).slice(0, max);
}

/** No template has the asked id or slug; carries the nearest ones so each surface can offer them its own way. */
export class TemplateNotFoundError extends ApiError {
  readonly ref: string;
  readonly nearest: readonly Template[];
  constructor(ref: string, nearest: readonly Template[], hint: string) {
    const named = nearest.length ? ` Nearest: ${nearest.map((t) => `${t.id} (${t.slug})`).join(', ')}.` : '';
    super('template_not_found', `No template has the id or slug ${quoteInput(ref)}.${named} ${hint}`);
    this.ref = ref;
    this.nearest = nearest;
  }

  /** The same miss with another way to search (an MCP tool rather than a REST path). */
  withHint(hint: string): TemplateNotFoundError {
    return new TemplateNotFoundError(this.ref, this.nearest, hint);
  }
}

/** How a REST caller finds ids. */
const REST_HINT = 'Search with GET /api/v1/templates?q=… to find ids.';

/** The template with this id or slug, or a `template_not_found` error naming the nearest ones. */
export function findTemplate(catalog: Catalog, ref: string): Template {
  const found = catalog.byRef.get(ref);
  if (found) return found;
  throw new TemplateNotFoundError(ref, suggestTemplates(catalog, ref), REST_HINT);
}
