import type { Category } from '../../schemas/catalog-file.ts';
import type { Example, Template } from '../../schemas/template.ts';
import { FIELDS, isJoined, readPrefixes, readsBack, type Prefixes } from './read-compact-fields.ts';

export type { Prefixes } from './read-compact-fields.ts';

/**
 * Templates held compactly: what a published template says that its own fields do not already
 * say (its six addresses, the price in dollars, the category's label) is derived on read from
 * prefixes the whole catalog shares, instead of kept as ~500 bytes of strings per template. The
 * repeated values (formats, editable parts, tags, brands, versions) are kept once each. A
 * compact template reads like the published one: the same fields, and JSON.stringify writes the
 * same bytes in the same order (toJSON). It is kept only where that holds: a template the build
 * derived otherwise stays the object it was read as.
 */

const EMPTY: readonly never[] = Object.freeze([]);

/**
 * A compact template's own fields by position, its shared values already kept once: id, slug,
 * title, description, category, tier, priceCents, durationSeconds, formats, editable, tags,
 * the examples packed (brand, format, video address each), version (undefined: none),
 * publishedAt. What compact-rows.ts writes in a function data file, its shared values as numbers.
 */
export type CompactFields = [string, string, string, string, string, Template['tier'], number, number, string[], Template['editable'], string[], readonly string[], string | undefined, string | null | undefined];

/** The compact template's class for one catalog: the prefixes and labels live on its prototype, not on each template. */
function defineCompactClass(prefixes: Prefixes, labels: ReadonlyMap<string, string>) {
  class CompactTemplate {
    readonly id: string;
    readonly slug: string;
    readonly title: string;
    readonly description: string;
    readonly category: string;
    readonly tier: Template['tier'];
    readonly priceCents: number;
    readonly durationSeconds: number;
    readonly formats: string[];
    readonly editable: Template['editable'];
    readonly tags: string[];
    /** Per example, three entries: brand, format, video address. */
    readonly packedExamples: readonly string[];
    readonly version: string | undefined;
    readonly publishedAt: string | null | undefined;
    /** Every field set here, so V8 keeps them in the object itself (no separate property array). */
    constructor(f: CompactFields) {
      this.id = f[0];
      this.slug = f[1];
      this.title = f[2];
      this.description = f[3];
      this.category = f[4];
      this.tier = f[5];
      this.priceCents = f[6];
      this.durationSeconds = f[7];
      this.formats = f[8];
      this.editable = f[9];
      this.tags = f[10];
      this.packedExamples = f[11];
      this.version = f[12];
      this.publishedAt = f[13];
    }
    get categoryLabel(): string {
      return labels.get(this.category)!;
    }
    get priceUsd(): number {
      return this.priceCents / 100;
    }
    get poster(): string {
      return `${prefixes.poster}${this.slug}.svg`;
    }
    get url(): string {
      return prefixes.page + this.slug;
    }
    get markdownUrl(): string {
      return `${prefixes.page}${this.slug}.md`;
    }
    get studioUrl(): string {
      return prefixes.studio + this.id;
    }
    get examples(): Example[] {
      const packed = this.packedExamples;
      const out: Example[] = [];
      for (let k = 0; k < packed.length; k += 3) {
        out.push({ brand: packed[k]!, format: packed[k + 1]!, video: packed[k + 2]!, poster: `${prefixes.poster}${this.slug}-${k / 3 + 1}.svg` });
      }
      return out;
    }
    /** The published object, field for field in the published order. */
    toJSON(): Template {
      const t = this as unknown as Template;
      const out: Record<string, unknown> = {};
      for (const field of FIELDS) out[field] = t[field as keyof Template];
      if (this.version !== undefined) out.version = this.version;
      out.publishedAt = this.publishedAt;
      return out as Template;
    }
  }
  return CompactTemplate;
}

/**
 * A template's published fields as a plain object (a compact template's toJSON; any other as
 * it is): what to spread when an answer adds fields to a template.
 */
export function readPublishedFields(template: Template): Template {
  const toJSON = (template as { toJSON?: () => Template }).toJSON;
  return toJSON ? toJSON.call(template) : template;
}

/** Keeps one copy of each equal shared value: `keep(value)` is the first value kept equal to it. */
export type KeepShared = <T>(value: T) => T;

/** The key telling shared values other than strings apart (an object's key order counts: it shows in the JSON). */
const keyOf = (value: unknown) => (Array.isArray(value) && value.every((v) => typeof v === 'string') ? `a${value.join('\u0001')}` : `j${JSON.stringify(value)}`);

/**
 * The compact fields of `t` when it reads back exactly from them under `p` (the published
 * fields in order, the derived ones as the prefixes derive them), its shared values passed
 * through `keep`; undefined otherwise.
 */
export function readCompactFields(t: Template, p: Prefixes, labels: ReadonlyMap<string, string>, keep: KeepShared): CompactFields | undefined {
  const examples = packExamples(t, p, keep);
  if (!examples || !readsBack(t, p, labels)) return undefined;
  const tags = keep(t.tags!.map((tag) => keep(tag)));
  return [t.id, t.slug, t.title, t.description, keep(t.category), keep(t.tier), t.priceCents, t.durationSeconds, keep(t.formats), keep(t.editable), tags, examples, t.version === undefined ? undefined : keep(t.version), t.publishedAt];
}

/** Compacts templates batch by batch (a shard at a time), sharing the prefixes and the kept values across batches. */
export interface TemplateCompactor {
  /** Each template as a compact object where it reads back exactly as given (see above), the others as given. */
  (templates: readonly Template[]): Template[];
  /** Keeps one copy of each equal shared value, across every batch. */
  keep: KeepShared;
  /** Makes the compact template of given fields (their shared values kept) under `prefixes`. */
  maker(prefixes: Prefixes): (fields: CompactFields) => Template;
}

/**
 * A compactor for one catalog. The prefixes are read from the first template that has them
 * (or given to `make`). `categories` give the labels.
 */
export function createTemplateCompactor(categories: readonly Category[]): TemplateCompactor {
  const labels = new Map(categories.map((c) => [c.id, c.label]));
  // Strings apart, each its own key: no key is made for the most common shared value.
  const [strings, others] = [new Map<string, unknown>(), new Map<string, unknown>()];
  const keep: KeepShared = (value) => {
    const isString = typeof value === 'string';
    const key = isString ? value : keyOf(value);
    const seen = isString ? strings : others;
    const had = seen.get(key) as typeof value | undefined;
    if (had !== undefined) return had;
    seen.set(key, value);
    return value;
  };
  // One class per prefixes (one in a build: every template is of one site).
  const classes = new Map<string, ReturnType<typeof defineCompactClass>>();
  const maker = (p: Prefixes) => {
    const key = `${p.page}\n${p.poster}\n${p.studio}`;
    let C = classes.get(key);
    if (!C) classes.set(key, (C = defineCompactClass(p, labels)));
    const Compact = C;
    return (fields: CompactFields) => new Compact(fields) as unknown as Template;
  };
  let prefixes: Prefixes | undefined;
  let make: ((fields: CompactFields) => Template) | undefined;
  const compact = (templates: readonly Template[]) => {
    if (!prefixes) {
      const first = templates.find((t) => typeof t === 'object' && t !== null && readPrefixes(t));
      prefixes = first && readPrefixes(first);
      if (!prefixes) return [...templates];
      make = maker(prefixes);
    }
    const [p, m] = [prefixes, make!];
    return templates.map((t) => {
      const fields = readCompactFields(t, p, labels, keep);
      return fields ? m(fields) : t;
    });
  };
  return Object.assign(compact, { keep, maker });
}

/** The templates compacted at once (createTemplateCompactor). */
export function compactTemplates(templates: readonly Template[], categories: readonly Category[]): Template[] {
  return createTemplateCompactor(categories)(templates);
}

/** A template's examples as the flat entries CompactTemplate keeps, or undefined when one does not read back. */
function packExamples(t: Template, p: Prefixes, keep: KeepShared): readonly string[] | undefined {
  const examples = t.examples;
  if (!Array.isArray(examples)) return undefined;
  if (examples.length === 0) return EMPTY;
  const packed: string[] = [];
  for (let n = 0; n < examples.length; n++) {
    const ex = examples[n]!;
    const keys = Object.keys(ex);
    if (keys.length !== 4 || keys[0] !== 'brand' || keys[1] !== 'format' || keys[2] !== 'video' || keys[3] !== 'poster') return undefined;
    if (typeof ex.video !== 'string' || !isJoined(ex.poster, p.poster, t.slug, `-${n + 1}.svg`)) return undefined;
    // The video address stays whole: a part cut from it would keep the whole string alive (a V8 sliced string).
    packed.push(keep(ex.brand), keep(ex.format), ex.video);
  }
  return packed;
}
