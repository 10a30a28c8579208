import { formatSchema } from '../../schemas/template.ts';

const RANK = new Map<string, number>(formatSchema.options.map((f, i) => [f, i]));

/**
 * A template's formats in one order everywhere (cards, pages, posters, API): the filterable
 * formats in their schema's order (16:9 before 9:16), any other after them as written.
 */
export function orderFormats(formats: readonly string[]): string[] {
  const rank = (f: string) => RANK.get(f) ?? RANK.size;
  return [...formats].map((f, i) => [f, i] as const).sort((a, b) => rank(a[0]) - rank(b[0]) || a[1] - b[1]).map(([f]) => f);
}
