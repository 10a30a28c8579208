import type { z } from 'zod';
import { ApiError } from '../../core/api-error.ts';
import { formatIssues } from '../../core/format-issues.ts';

const INTEGER = /^-?\d+$/;

/**
 * The known parameters of a query string, as strings. A known parameter given twice is an
 * error (which one would win is ambiguous); an empty value counts as absent; unknown
 * parameters are ignored so clients may add their own (cache busters, tracking).
 */
export function readQueryParams(search: string, known: readonly string[]): Record<string, string> {
  const values: Record<string, string> = {};
  const params = new URLSearchParams(search);
  for (const name of known) {
    const all = params.getAll(name);
    if (all.length > 1) throw new ApiError('invalid_parameter', `parameter "${name}": was given ${all.length} times; give it once.`);
    if (all[0]) values[name] = all[0];
  }
  return values;
}

/**
 * Validates query strings against an operation's schema. `integers` names the parameters
 * that are whole numbers; they are converted first so the schema's own rules (and
 * messages) apply, while anything non-numeric reaches the schema as text and is refused.
 */
export function parseQuery<S extends z.ZodType>(schema: S, values: Record<string, string>, integers: readonly string[] = []): z.infer<S> {
  const input: Record<string, string | number> = { ...values };
  for (const name of integers) {
    const v = values[name];
    if (v !== undefined && INTEGER.test(v)) input[name] = Number(v);
  }
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  throw new ApiError('invalid_parameter', formatIssues(parsed.error, 'parameter').join('; '));
}
