import { z } from 'zod';

/** A JSON Schema object as MCP tool listings carry it (root `type: "object"`). */
export type ToolJsonSchema = { type: 'object'; [key: string]: unknown };

/**
 * JSON Schema (draft-07, the dialect the MCP SDK emits and its client validates with) of an
 * object schema. Schemas with an `id` in their metadata land in `definitions`; when the root
 * is one of them, it is hoisted, because MCP requires `type: "object"` at the root rather than
 * a `$ref`. The input side is used for outputs too, so that fields added later (allowed by the
 * versioning rules) do not break clients that validate results.
 */
export function toToolJsonSchema(schema: z.ZodType): ToolJsonSchema {
  const json = z.toJSONSchema(schema, { target: 'draft-7', io: 'input', unrepresentable: 'throw', override: tidy }) as Record<string, unknown>;
  const { $ref, definitions, ...rest } = json as { $ref?: string; definitions?: Record<string, Record<string, unknown>> };
  const rootId = $ref?.startsWith('#/definitions/') ? $ref.slice('#/definitions/'.length) : undefined;
  if (!rootId || !definitions?.[rootId]) return assertObjectRoot(json);
  const { [rootId]: root, ...others } = definitions;
  return assertObjectRoot({ ...rest, ...root, ...(Object.keys(others).length ? { definitions: others } : {}) });
}

/** Drops zod's noise: the safe-integer bound of `z.int()` and the regex beside `format: date-time`. */
function tidy({ jsonSchema: js }: { jsonSchema: Record<string, unknown> }): void {
  if (js.maximum === Number.MAX_SAFE_INTEGER) delete js.maximum;
  if (js.minimum === Number.MIN_SAFE_INTEGER) delete js.minimum;
  if (js.format === 'date-time') delete js.pattern;
}

function assertObjectRoot(json: Record<string, unknown>): ToolJsonSchema {
  if (json.type !== 'object') throw new Error(`tool schemas must be objects, got ${JSON.stringify(json.type)}`);
  return json as ToolJsonSchema;
}
