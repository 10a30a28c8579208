import type { Facets } from '../../schemas/responses.ts';
import type { Template } from '../../schemas/template.ts';

/**
 * Each template's facet values as small numbers, by its position in the catalog, so counting
 * the facets of a search answer is array increments. Counting strings into objects (or Maps)
 * took about half of a search answer's time at 10,000 templates, where broad words match
 * thousands (a CPU profile of `npm run bench -- search`'s pool).
 */
export interface FacetCodes {
  category: Uint16Array;
  tier: Uint8Array;
  /** Bit k set when the template is offered in `formatNames[k]`. */
  formats: Uint32Array;
  categoryNames: string[];
  tierNames: string[];
  formatNames: string[];
}

function codeOf(names: string[], codes: Map<string, number>, value: string): number {
  let code = codes.get(value);
  if (code === undefined) {
    code = names.push(value) - 1;
    codes.set(value, code);
  }
  return code;
}

/** Codes for every template, in the order given. */
export function createFacetCodes(templates: readonly Template[]): FacetCodes {
  const out: FacetCodes = {
    category: new Uint16Array(templates.length),
    tier: new Uint8Array(templates.length),
    formats: new Uint32Array(templates.length),
    categoryNames: [],
    tierNames: [],
    formatNames: [],
  };
  const maps = { category: new Map<string, number>(), tier: new Map<string, number>(), format: new Map<string, number>() };
  templates.forEach((t, i) => {
    out.category[i] = codeOf(out.categoryNames, maps.category, t.category);
    out.tier[i] = codeOf(out.tierNames, maps.tier, t.tier);
    for (const f of t.formats) out.formats[i]! |= 1 << codeOf(out.formatNames, maps.format, f);
  });
  return out;
}

/** Counts per value, keys in the order values first appear among the matches (formats: within a template, in code order). */
function toObject(names: readonly string[], counts: Uint32Array, order: readonly number[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const code of order) out[names[code]!] = counts[code]!;
  return out;
}

/** Facets (counts per category, tier and format) over the templates at `positions`. */
export function countFacets(codes: FacetCodes, positions: readonly number[]): Facets {
  const category = new Uint32Array(codes.categoryNames.length);
  const tier = new Uint32Array(codes.tierNames.length);
  const format = new Uint32Array(codes.formatNames.length);
  const seen = { category: [] as number[], tier: [] as number[], format: [] as number[] };
  for (const p of positions) {
    const c = codes.category[p]!;
    if (category[c]!++ === 0) seen.category.push(c);
    const t = codes.tier[p]!;
    if (tier[t]!++ === 0) seen.tier.push(t);
    for (let bits = codes.formats[p]!, k = 0; bits !== 0; bits >>>= 1, k++) {
      if ((bits & 1) !== 0 && format[k]!++ === 0) seen.format.push(k);
    }
  }
  return {
    category: toObject(codes.categoryNames, category, seen.category),
    tier: toObject(codes.tierNames, tier, seen.tier),
    format: toObject(codes.formatNames, format, seen.format),
  };
}
