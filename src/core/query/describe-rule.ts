import { z } from 'zod';

/**
 * A parameter's rule in words, read from its zod schema (the same one that checks it):
 * "required", the enum's values, an integer's range, a pattern's own message and a length
 * limit. The /docs tables use it, so the page cannot disagree with the validation.
 */
export function describeRule(field: z.ZodType, required = !field.safeParse(undefined).success): string {
  const json = z.toJSONSchema(field, { io: 'input', unrepresentable: 'any' }) as {
    enum?: unknown[]; minimum?: number; maximum?: number; maxLength?: number; pattern?: string;
  };
  const parts: string[] = required ? ['required'] : [];
  if (json.enum) parts.push(json.enum.map(String).join(' or '));
  if (json.minimum !== undefined) parts.push(json.maximum === undefined ? `${json.minimum} or more` : `${json.minimum} to ${json.maximum}`);
  if (json.pattern) parts.push(readPatternMessage(field) ?? `matching ${json.pattern}`);
  if (json.maxLength !== undefined) parts.push(`at most ${json.maxLength} characters`);
  return parts.join('; ');
}

type Check = { _zod: { def: { check: string; format?: string; error?: (issue: object) => unknown } } };

/** The message the schema gives its regex check (e.g. `lowercase letters, digits and hyphens only`). */
function readPatternMessage(field: z.ZodType): string | undefined {
  let inner = field as z.ZodType & { unwrap?: () => z.ZodType };
  while (inner.def.type === 'optional' || inner.def.type === 'default') inner = inner.unwrap!() as typeof inner;
  const checks = ((inner.def as { checks?: Check[] }).checks ?? []).map((c) => c._zod.def);
  const message = checks.find((c) => c.check === 'string_format' && c.format === 'regex')?.error?.({});
  return typeof message === 'string' ? message.replace(/ only$/, '') : undefined;
}
