import { z } from 'zod';
import { listQuerySchema, studioLinkQuerySchema, templateIdParamSchema } from '../../schemas/queries.ts';
import { ARGUMENT_RENAMES } from './argument-renames.ts';
import { SEARCH_PAGE_DEFAULT, SEARCH_PAGE_MAX } from './tool-limits.ts';

type Renamed<S extends z.ZodRawShape> = { [K in keyof S as K extends keyof typeof ARGUMENT_RENAMES ? (typeof ARGUMENT_RENAMES)[K] : K]: S[K] };

/** A query shape with its fields under their MCP names (ARGUMENT_RENAMES), rules and descriptions unchanged. */
function renameShape<S extends z.ZodRawShape>(shape: S): Renamed<S> {
  const renames: Record<string, string> = ARGUMENT_RENAMES;
  return Object.fromEntries(Object.entries(shape).map(([name, field]) => [renames[name] ?? name, field])) as Renamed<S>;
}

const list = listQuerySchema.shape;

/**
 * search_templates: the list query, renamed, where only the page differs: a tool answer is one
 * page (SEARCH_PAGE_DEFAULT unless asked), where REST returns every match without a limit.
 */
export const searchTemplatesInput = z.strictObject({
  ...renameShape(list),
  limit: list.limit.unwrap().default(SEARCH_PAGE_DEFAULT)
    .meta({ description: `How many templates to return, 1 to ${SEARCH_PAGE_MAX} (default ${SEARCH_PAGE_DEFAULT}).` }),
});

/** get_template: the path parameter of getTemplate. */
export const getTemplateInput = z.strictObject({ id: templateIdParamSchema });

/** studio_link: the query of createStudioLink as it stands. */
export const studioLinkInput = z.strictObject(renameShape(studioLinkQuerySchema.shape));
