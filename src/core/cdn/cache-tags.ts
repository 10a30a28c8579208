/**
 * Cache tags (surrogate keys): every cacheable answer names what it shows, so a publish can
 * purge exactly the answers its changes touch. The route table says how each route's answers
 * are tagged (src/contracts/routes/route-tags.ts reads it); the server writes the tags on answers
 * and the purge reads the same table for the changed paths.
 */

/** Finds the id of the template an id or slug names; undefined when there is none. */
export type TemplateLookup = (ref: string) => string | undefined;

/** Everything that shows one template: its page, twin, JSON by id and slug, posters. */
export const templateTag = (id: string): string => `template:${id}`;
/** A category page and its twin. */
export const categoryTag = (id: string): string => `category:${id}`;

/** Tags of whole groups of answers. */
export const GROUP_TAGS = {
  /** The home page and its twin. */
  home: 'home',
  /** Answers computed per query from the catalog: list and search (REST, /search) and studio links. */
  lists: 'lists',
  /** sitemap.xml, its parts, sitemap.md, robots.txt. */
  sitemaps: 'sitemaps',
  /** llms.txt and llms-full.txt. */
  llms: 'llms',
  /** The catalog data and search index under /data/. */
  data: 'data',
  /** Every other published file and page (openapi.json, /docs, /requests, /.well-known, MCP cards). */
  site: 'site',
} as const;

/**
 * Groups whose answers are computed from another group's files: when a file of the key's
 * group changes, the listed groups change too (list and search answers read /data/).
 */
export const DEPENDENT_GROUPS: Readonly<Record<string, readonly string[]>> = { [GROUP_TAGS.data]: [GROUP_TAGS.lists] };

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function templateTags(ref: string, lookup: TemplateLookup): string[] {
  const id = lookup(decode(ref));
  return id === undefined ? [] : [templateTag(id)];
}

/** Posters are `{slug}.svg`, `{slug}.motion.svg`, `{slug}.png` (the social image's redirect) and `{slug}-{n}.svg`; a slug may itself end in `-{n}`. */
function posterTags(name: string, lookup: TemplateLookup): string[] {
  const whole = templateTags(name, lookup);
  if (whole.length) return whole;
  const numbered = /^(.+)-\d+$/.exec(name);
  return numbered ? templateTags(numbered[1]!, lookup) : [];
}

/**
 * How a route's answers are tagged (the route table names one per route): by the template the
 * path's last segment names (a page, its twin, its JSON, its poster), by the category it names,
 * with one group's tag, or not at all (hashed assets never change under their name).
 */
export type TagSource = 'template' | 'poster' | 'category' | 'none' | { group: (typeof GROUP_TAGS)[keyof typeof GROUP_TAGS] };

/** The file name a segment names, without `.md`, `.html`, `.svg`, `.motion.svg` or `.png` (a poster's social image). */
const stripExtension = (segment: string) => segment.replace(/(?:\.motion)?\.(md|html|svg|png)$/, '');

/** The tags of an answer whose route tags it by `source`; `segment` is the path's last segment (still encoded). */
export function selectSourceTags(source: TagSource, segment: string, lookup: TemplateLookup): string[] {
  if (source === 'none') return [];
  if (typeof source === 'object') return [source.group];
  const name = stripExtension(segment);
  if (source === 'template') return templateTags(name, lookup);
  if (source === 'poster') return posterTags(name, lookup);
  return /^[a-z0-9-]+$/.test(name) ? [categoryTag(name)] : [];
}

/** How a CDN reads its tag header: Varnish's xkey, Fastly's Surrogate-Key, Cloudflare's Cache-Tag. */
export const TAG_HEADERS = {
  xkey: { name: 'xkey', separator: ' ' },
  'surrogate-key': { name: 'Surrogate-Key', separator: ' ' },
  'cache-tag': { name: 'Cache-Tag', separator: ',' },
} as const;
export type TagHeaderKind = keyof typeof TAG_HEADERS;

/** Header name/value pairs carrying `tags` in the CDN's header; empty without a header or tags. */
export function formatTagHeader(kind: TagHeaderKind | undefined, tags: readonly string[]): readonly string[] {
  if (!kind || tags.length === 0) return [];
  const { name, separator } = TAG_HEADERS[kind];
  return [name, tags.join(separator)];
}
