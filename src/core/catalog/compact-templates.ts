import type { Category } from '../../schemas/catalog-file.ts';
import type { Example, Template } from '../../schemas/template.ts';
import { FIELDS, isJoined, readPrefixes, readsBack, type Prefixes } from './read-compact-fields.ts';

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

/** Keeps one copy of each equal value, by a key. */
class Interner {
  #seen = new Map<string, unknown>();
  /** The value first kept under `key`, or `make()` kept now. */
  take<T>(key: string, make: () => T): T {
    let had = this.#seen.get(key) as T | undefined;
    if (had === undefined) this.#seen.set(key, (had = make()));
    return had;
  }
  string(s: string): string {
    return this.take(s, () => s);
  }
}

/** A key telling editable parts apart, their order included (it shows in the JSON). */
function keyEditable(e: Template['editable']): string {
  let key = 'e';
  for (const part in e) {
    const value: unknown = e[part as keyof typeof e];
    key += `${part}=${typeof value === 'number' || typeof value === 'boolean' ? String(value) : JSON.stringify(value)};`;
  }
  return key;
}

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
    constructor(t: Template, packedExamples: readonly string[], pool: Interner) {
      this.id = t.id;
      this.slug = t.slug;
      this.title = t.title;
      this.description = t.description;
      this.category = pool.string(t.category);
      this.tier = pool.string(t.tier) as Template['tier'];
      this.priceCents = t.priceCents;
      this.durationSeconds = t.durationSeconds;
      this.formats = pool.take(`f${t.formats.join('\n')}`, () => t.formats);
      this.editable = pool.take(keyEditable(t.editable), () => t.editable);
      this.tags = pool.take(`t${t.tags!.join('\n')}`, () => t.tags!.map((tag) => pool.string(tag)));
      this.packedExamples = packedExamples;
      this.version = t.version === undefined ? undefined : pool.string(t.version);
      this.publishedAt = t.publishedAt;
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

/** Compacts templates batch by batch (a shard at a time), sharing the prefixes and the kept values across batches. */
export type TemplateCompactor = (templates: readonly Template[]) => Template[];

/**
 * A compactor for one catalog: each template as a compact object where it reads back exactly
 * as given (see above), the others as given. The prefixes are read from the first template
 * that has them. `categories` give the labels.
 */
export function createTemplateCompactor(categories: readonly Category[]): TemplateCompactor {
  const labels = new Map(categories.map((c) => [c.id, c.label]));
  const pool = new Interner();
  let prefixes: Prefixes | undefined;
  let Compact: ReturnType<typeof defineCompactClass> | undefined;
  return (templates) => {
    if (!prefixes) {
      const first = templates.find((t) => typeof t === 'object' && t !== null && readPrefixes(t));
      prefixes = first && readPrefixes(first);
      if (!prefixes) return [...templates];
      Compact = defineCompactClass(prefixes, labels);
    }
    const [p, C] = [prefixes, Compact!];
    return templates.map((t) => {
      const packed = packExamples(t, p, pool);
      return packed && readsBack(t, p, labels) ? (new C(t, packed, pool) as unknown as Template) : t;
    });
  };
}

/** The templates compacted at once (createTemplateCompactor). */
export function compactTemplates(templates: readonly Template[], categories: readonly Category[]): Template[] {
  return createTemplateCompactor(categories)(templates);
}

/** A template's examples as the flat entries CompactTemplate keeps, or undefined when one does not read back. */
function packExamples(t: Template, p: Prefixes, pool: Interner): readonly string[] | undefined {
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
    packed.push(pool.string(ex.brand), pool.string(ex.format), ex.video);
  }
  return packed;
}
