import type { Editable, Template } from '../../schemas/template.ts';

/** "Free" or "$19 per export" (cents shown only when there are some). */
export function formatPrice(priceCents: number): string {
  if (priceCents === 0) return 'Free';
  const dollars = priceCents % 100 === 0 ? String(priceCents / 100) : (priceCents / 100).toFixed(2);
  return `$${dollars} per export`;
}

/** Short duration for cards and badges: "30 s", "1 min 30 s", "2 min". */
export function formatDuration(seconds: number): string {
  const whole = Math.round(seconds);
  if (whole < 60) return `${whole} s`;
  const min = Math.floor(whole / 60);
  const rest = whole % 60;
  return rest ? `${min} min ${rest} s` : `${min} min`;
}

/** Clock form for posters and badges: "0:30", "1:05". */
export function formatClock(seconds: number): string {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** Spoken form of a format for people: "16:9 landscape", "9:16 vertical". */
export function describeFormat(format: string): string {
  if (format === '16:9') return '16:9 landscape';
  if (format === '9:16') return '9:16 vertical';
  return format;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The editable parts as short phrases, e.g. ["6 text fields", "4 images", "music"]. */
export function describeEditable(editable: Editable | undefined): string[] {
  if (!editable) return [];
  const parts: string[] = [];
  if (editable.text) parts.push(plural(editable.text, 'text field', 'text fields'));
  if (editable.images) parts.push(plural(editable.images, 'image', 'images'));
  if (editable.colors) parts.push(plural(editable.colors, 'colour', 'colours'));
  if (editable.music) parts.push('music');
  if (editable.voice) parts.push('voice-over');
  return parts;
}

/** "2026-01-06" from an ISO date-time, or undefined when the template has no date. */
export function formatDate(iso: string | null | undefined): string | undefined {
  return iso ? new Date(iso).toISOString().slice(0, 10) : undefined;
}

/** Site base address recovered from a template's page URL (`{site}/templates/{slug}`). */
export function siteUrlOf(template: Template): string {
  const suffix = `/templates/${template.slug}`;
  return template.url.endsWith(suffix) ? template.url.slice(0, -suffix.length) : new URL(template.url).origin;
}

/** The template's JSON on the REST API. */
export function templateJsonUrl(template: Template): string {
  return `${siteUrlOf(template)}/api/v1/templates/${template.id}`;
}

/** A category page address. */
export function categoryUrl(siteUrl: string, category: string): string {
  return `${siteUrl}/categories/${category}`;
}

/** Display label of a template's category (falls back to the id). */
export function categoryLabelOf(template: Template): string {
  return template.categoryLabel ?? template.category;
}
