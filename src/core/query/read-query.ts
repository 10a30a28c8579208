import type { z } from 'zod';
import { ApiError } from '../api-error.ts';
import { formatIssues } from '../format-issues.ts';
import { measureEdits } from '../search/typo-index.ts';

type QuerySchema = z.ZodObject;

const INTEGER = /^-?\d+$/;

/** The parameter names of a query schema, in the schema's order. */
export function listQueryNames(schema: QuerySchema): string[] {
  return Object.keys(schema.shape);
}

/** True when the field (optional or not) is a number: its text is converted before parsing. */
function isNumberField(field: z.ZodType): boolean {
  let inner = field as z.ZodType & { unwrap?: () => z.ZodType };
  while (inner.def.type === 'optional' || inner.def.type === 'default') inner = inner.unwrap!() as typeof inner;
  return inner.def.type === 'number';
}

const numberNamesCache = new WeakMap<QuerySchema, string[]>();

function listNumberNames(schema: QuerySchema): string[] {
  let names = numberNamesCache.get(schema);
  if (!names) numberNamesCache.set(schema, (names = Object.entries(schema.shape).filter(([, f]) => isNumberField(f as z.ZodType)).map(([n]) => n)));
  return names;
}

/** How a reader treats parameters its schema does not name. */
export interface ReadOptions {
  /**
   * `reject` (the API): an unknown parameter is `invalid_parameter`, so a typo such as
   * `catgory` cannot answer the whole catalog. `ignore` (pages, the default): links carrying
   * `utm_…` or a cache buster still work.
   */
  unknown?: 'reject' | 'ignore';
}

/** The API's reading: unknown parameters are refused. */
export const API_QUERY: ReadOptions = { unknown: 'reject' };

/** The accepted name closest to a misspelt one (at most two edits), for the message. */
function findClosestName(given: string, names: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestEdits = 3;
  for (const name of names) {
    const edits = measureEdits(given.toLowerCase(), name, 2);
    if (edits < bestEdits) [best, bestEdits] = [name, edits];
  }
  return best;
}

/** Throws `invalid_parameter` for the first parameter `names` does not hold, naming it and the accepted ones. */
function rejectUnknown(params: URLSearchParams, names: readonly string[]): void {
  for (const given of params.keys()) {
    if (names.includes(given)) continue;
    const shown = JSON.stringify(given.slice(0, 64));
    const closest = findClosestName(given, names);
    const hint = closest ? ` (did you mean "${closest}"?)` : '';
    throw new ApiError('invalid_parameter', `parameter ${shown}: is not a parameter of this endpoint${hint}; it takes ${names.join(', ')}.`);
  }
}

/**
 * The one rule set for every query string (REST, pages): the schema's own parameters, as
 * text, trimmed. A parameter given twice is an error (which one would win is ambiguous), an
 * empty value counts as absent, and an unknown parameter is refused or ignored as `options`
 * say. Throws `invalid_parameter`.
 */
export function readQueryValues(params: URLSearchParams, names: readonly string[], options: ReadOptions = {}): Record<string, string> {
  if (options.unknown === 'reject') rejectUnknown(params, names);
  const values: Record<string, string> = {};
  for (const name of names) {
    const all = params.getAll(name);
    if (all.length > 1) throw new ApiError('invalid_parameter', `parameter "${name}": was given ${all.length} times; give it once.`);
    const value = all[0]?.trim();
    if (value) values[name] = value;
  }
  return values;
}

/**
 * Checks values against the schema, whose messages name the rule. Number fields (found in the
 * schema, not listed by hand) are converted first when they are whole numbers; anything else
 * reaches the schema as text and is refused with its "must be a whole number". Typed input
 * (MCP's JSON arguments) goes through the same call. Throws `invalid_parameter`.
 */
export function parseQueryValues<S extends QuerySchema>(schema: S, values: Record<string, unknown>): z.infer<S> {
  const input: Record<string, unknown> = { ...values };
  for (const name of listNumberNames(schema)) {
    const v = values[name];
    if (typeof v === 'string' && INTEGER.test(v)) input[name] = Number(v);
  }
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  throw new ApiError('invalid_parameter', formatIssues(parsed.error, 'parameter').join('; '));
}

/** Reads and checks a query string (`?a=1&b=2`, or its parameters) against a query schema. */
export function readQuery<S extends QuerySchema>(schema: S, search: string | URLSearchParams, options: ReadOptions = {}): z.infer<S> {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  return parseQueryValues(schema, readQueryValues(params, listQueryNames(schema), options));
}

/**
 * One cache key per meaning of a checked query, over the schema's parameters in the schema's
 * order: parameter order and unknown parameters do not count; `normalize` may fold a field's
 * value further (the search text ignores case and spacing).
 */
export function toQueryKey(schema: QuerySchema, query: Record<string, unknown>, normalize: Record<string, (v: string) => string> = {}): string {
  return listQueryNames(schema)
    .map((name) => {
      const v = query[name];
      if (v === undefined) return '';
      const fold = normalize[name];
      return fold && typeof v === 'string' ? fold(v) : String(v);
    })
    .join('\n');
}
