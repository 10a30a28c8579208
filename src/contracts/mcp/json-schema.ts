import { z } from 'zod';

/** A JSON Schema object as MCP tool listings carry it (root `type: "object"`). */
export type ToolJsonSchema = { type: 'object'; [key: string]: unknown };

/** Keywords an output schema drops: what checks a value or explains it, not its shape (the text says what fields mean). */
const OUTPUT_NOISE = new Set(['description', 'example', 'examples', 'pattern', 'minLength', 'maxLength', 'minimum', 'maximum', 'exclusiveMinimum', 'minItems', 'propertyNames', 'format']);

/**
 * JSON Schema 2020-12 (the dialect of tool schemas without `$schema`, SEP-1613/SEP-2106) of an
 * object schema. Schemas with an `id` in their metadata land once in `$defs` and are `$ref`ed
 * from each use (same-document references, which SEP-2106 allows); when the root is one of
 * them it is hoisted, because MCP requires `type: "object"` at the root rather than a `$ref`.
 * The input side is used for outputs too, so that fields added later (allowed by the
 * versioning rules) do not break clients that validate results. `output` keeps only the
 * shape: clients validate results with it, and the model reads the tool's description.
 */
export function toToolJsonSchema(schema: z.ZodType, kind: 'input' | 'output' = 'input'): ToolJsonSchema {
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'throw', override: tidy }) as Record<string, unknown>;
  const { $schema: _dialect, $ref, $defs, ...rest } = json as { $schema?: string; $ref?: string; $defs?: Record<string, Record<string, unknown>> };
  const rootId = $ref?.startsWith('#/$defs/') ? $ref.slice('#/$defs/'.length) : undefined;
  let hoisted: Record<string, unknown> = { ...rest, ...($defs && Object.keys($defs).length ? { $defs } : {}) };
  if (rootId && $defs?.[rootId]) {
    const { [rootId]: root, ...others } = $defs;
    hoisted = { ...rest, ...root, ...(Object.keys(others).length ? { $defs: others } : {}) };
  }
  return assertObjectRoot(kind === 'output' ? (strip(hoisted) as Record<string, unknown>) : hoisted);
}

/** Drops zod's noise: the safe-integer bound of `z.int()`, the regex beside `format: date-time`, `allOf` around a lone `$ref`. */
function tidy({ jsonSchema: js }: { jsonSchema: Record<string, unknown> }): void {
  if (js.maximum === Number.MAX_SAFE_INTEGER) delete js.maximum;
  if (js.minimum === Number.MIN_SAFE_INTEGER) delete js.minimum;
  if (js.format === 'date-time') delete js.pattern;
  const all = js.allOf as Record<string, unknown>[] | undefined;
  if (all?.length === 1 && typeof all[0]?.$ref === 'string' && Object.keys(all[0]).length === 1) {
    delete js.allOf;
    js.$ref = all[0].$ref;
  }
}

/**
 * The schema without OUTPUT_NOISE at every depth, and with `required` only at the root: below
 * it, what a field holds is its type (property names are kept whatever they are called).
 */
function strip(node: unknown, isPropertyMap = false, depth = 0): unknown {
  if (Array.isArray(node)) return node.map((n) => strip(n, false, depth + 1));
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (!isPropertyMap && (OUTPUT_NOISE.has(key) || (key === 'required' && depth > 0))) continue;
    out[key] = strip(value, !isPropertyMap && (key === 'properties' || key === '$defs'), depth + 1);
  }
  return out;
}

function assertObjectRoot(json: Record<string, unknown>): ToolJsonSchema {
  if (json.type !== 'object') throw new Error(`tool schemas must be objects, got ${JSON.stringify(json.type)}`);
  return json as ToolJsonSchema;
}
