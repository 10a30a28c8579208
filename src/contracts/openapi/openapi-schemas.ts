import { z } from 'zod';
import {
  errorSchema,
  facetsSchema,
  queryFiltersSchema,
  readFilterSchema,
  readPhraseSchema,
  studioLinkSchema,
  templateEnvelopeSchema,
  templateListSchema,
  understoodQuerySchema,
  wordMatchSchema,
} from '../../schemas/responses.ts';
import { sortOrderSchema } from '../../schemas/sort-order.ts';
import { editableSchema, exampleSchema, templateSchema } from '../../schemas/template.ts';

/** A JSON Schema (2020-12, the OpenAPI 3.1 dialect) as plain data. */
export type JsonSchema = Record<string, unknown>;

/** Components published under `#/components/schemas`, each from its one zod schema. */
const COMPONENTS = {
  Template: templateSchema,
  Example: exampleSchema,
  Editable: editableSchema,
  Facets: facetsSchema,
  UnderstoodQuery: understoodQuerySchema,
  ReadPhrase: readPhraseSchema,
  ReadFilter: readFilterSchema,
  QueryFilters: queryFiltersSchema,
  WordMatch: wordMatchSchema,
  SortOrder: sortOrderSchema,
  TemplateList: templateListSchema,
  TemplateEnvelope: templateEnvelopeSchema,
  StudioLink: studioLinkSchema,
  Error: errorSchema,
} as const;

/** The `$ref` of a named component schema. */
export function refSchema(id: keyof typeof COMPONENTS): JsonSchema {
  return { $ref: `#/components/schemas/${id}` };
}

/**
 * Drops noise zod adds that says nothing to a reader: the safe-integer bound of `z.int()` and
 * the long regex beside `format: date-time` (the format already requires an RFC 3339 offset).
 * Integers say they fit int64 (a safe integer does), as OWASP's API4 rules ask.
 */
function tidy({ jsonSchema: js }: { jsonSchema: JsonSchema }): void {
  if (js.maximum === Number.MAX_SAFE_INTEGER) delete js.maximum;
  if (js.minimum === Number.MIN_SAFE_INTEGER) delete js.minimum;
  if (js.type === 'integer' && js.format === undefined) js.format = 'int64';
  if (js.format === 'date-time') delete js.pattern;
}

/*
 * `io: 'input'` keeps objects open (no `additionalProperties: false`): v1 changes only by
 * adding fields, so a client validating with these schemas must not reject them.
 */
const OPTIONS = { io: 'input', unrepresentable: 'throw', override: tidy } as const;

/** Every component schema, cross-referenced with `$ref: '#/components/schemas/<id>'`. */
export function buildSchemaComponents(): Record<string, JsonSchema> {
  // A registry of our own, not the global one, so the document holds exactly these schemas.
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(COMPONENTS)) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, { ...OPTIONS, uri: (id) => `#/components/schemas/${id}` });
  return Object.fromEntries(
    Object.keys(COMPONENTS).map((id) => {
      const { $schema: _dialect, $id: _id, ...rest } = schemas[id] as JsonSchema;
      return [id, rest];
    }),
  );
}

/** An OpenAPI Parameter Object for one field of a zod query or path schema. */
export function toParameter(name: string, field: z.ZodType, where: 'query' | 'path'): JsonSchema {
  const { $schema: _dialect, description, ...schema } = z.toJSONSchema(field, OPTIONS) as JsonSchema;
  const required = where === 'path' || !field.safeParse(undefined).success;
  return { name, in: where, required, description, schema };
}

/** One Parameter Object per field of a zod object schema, in declaration order. */
export function toParameters(shape: Record<string, z.ZodType>, where: 'query' | 'path'): JsonSchema[] {
  return Object.entries(shape).map(([name, field]) => toParameter(name, field, where));
}
