import type { Template } from '../../schemas/template.ts';
import { ApiError } from '../api-error.ts';
import type { Catalog } from '../catalog/catalog.ts';

/** Up to `max` templates whose id, slug or title resemble `ref`, for "did you mean" help. */
export function suggestTemplates(catalog: Catalog, ref: string, max = 3): Template[] {
  const words = ref.replace(/[_-]+/g, ' ').trim().slice(0, 100);
  if (!words) return [];
  return catalog.search(words).slice(0, max).flatMap((id) => catalog.byRef.get(id) ?? []);
}

/** The template with this id or slug, or a `template_not_found` error naming the nearest ones. */
export function findTemplate(catalog: Catalog, ref: string): Template {
  const found = catalog.byRef.get(ref);
  if (found) return found;
  const near = suggestTemplates(catalog, ref);
  const hint = near.length
    ? ` Nearest: ${near.map((t) => `${t.id} (${t.slug})`).join(', ')}.`
    : ' Search with GET /api/v1/templates?q=… (or the MCP search tool) to find ids.';
  throw new ApiError('template_not_found', `No template has the id or slug "${ref.slice(0, 128)}".${hint}`);
}
