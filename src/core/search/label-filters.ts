import type { QueryFilters } from '../../schemas/responses.ts';
import type { Format } from '../../schemas/template.ts';

type Bounds = { min?: number; max?: number; above?: number; below?: number };

const seconds = (s: number) => (s >= 60 && s % 60 === 0 ? `${s / 60} min` : `${s} s`);
const dollars = (cents: number) => `$${cents % 100 === 0 ? cents / 100 : (cents / 100).toFixed(2)}`;
const counted = (one: string, many: string) => (n: number) => `${n} ${n === 1 ? one : many}`;
const COUNTED = { images: counted('image', 'images'), text: counted('text line', 'text lines'), colors: counted('colour', 'colours') } as const;

/** A range in words: "15 s", "up to 20 s", "under 20 s", "at least 1 min", "over 1 min", "10 s to 20 s", "over 10 s and under 30 s". */
function labelRange(r: Bounds, unit: (n: number) => string): string {
  if (r.min !== undefined && r.max !== undefined) return r.min === r.max ? unit(r.min) : `${unit(r.min)} to ${unit(r.max)}`;
  const lower = r.min !== undefined ? `at least ${unit(r.min)}` : r.above !== undefined ? `over ${unit(r.above)}` : undefined;
  const upper = r.max !== undefined ? `up to ${unit(r.max)}` : r.below !== undefined ? `under ${unit(r.below)}` : undefined;
  return [lower, upper].filter(Boolean).join(' and ') || 'any';
}

/**
 * Each filter in words, in a fixed order (tier, format, duration, price, editable parts): the
 * wording every surface shows ("free", "vertical", "up to 20 s", "with music", "3 images").
 * A format is named by its first filter word (`formatNames`), else by its ratio.
 */
export function labelFilters(f: QueryFilters, formatNames: ReadonlyMap<Format, string>): string[] {
  const labels: string[] = [];
  if (f.tier) labels.push(f.tier);
  if (f.format) labels.push(formatNames.get(f.format) ?? f.format);
  if (f.durationSeconds) labels.push(labelRange(f.durationSeconds, seconds));
  if (f.priceCents) labels.push(labelRange(f.priceCents, dollars));
  const e = f.editable ?? {};
  if (e.music !== undefined) labels.push(e.music ? 'with music' : 'without music');
  if (e.voice !== undefined) labels.push(e.voice ? 'with a voice-over' : 'without a voice-over');
  for (const part of ['images', 'text', 'colors'] as const) if (e[part]) labels.push(labelRange(e[part], COUNTED[part]));
  return labels;
}
