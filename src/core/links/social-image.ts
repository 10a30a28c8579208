/**
 * The raster social image of a template (og:image, twitter:image): its poster drawn as a PNG
 * at 1200x630, since social sites and chat hosts do not render SVG. Its address carries a
 * short hash of what it is drawn from (the social SVG and the renderer), so the bytes under
 * an address never change: it is cached for a year as immutable and never purged; an edit
 * gives the image a new address, named by the page (which is purged by its cache tags).
 */
export const SOCIAL_IMAGE = { width: 1200, height: 630, type: 'image/png' } as const;

/** Hex digits of the hash in the address (social-image-hash.ts): 48 bits, so two versions of one slug's image never meet. */
export const SOCIAL_HASH_LENGTH = 12;

/**
 * A social image address: `/social/{slug}.{hash}.png`, a top-level folder of its own: a static
 * host's header rules (Cloudflare's and Netlify's `_headers`) add every matching rule's headers,
 * so immutable images inside `/posters/` would get two Cache-Control values.
 */
const HASHED = new RegExp(`^/social/([a-z0-9-]+)\\.([0-9a-f]{${SOCIAL_HASH_LENGTH}})\\.png$`);
/** The un-hashed address (`/posters/{slug}.png`), answered with a redirect to the current image. */
const CURRENT = /^\/posters\/([a-z0-9-]+)\.png$/;

/** The served path of a social image by its hash (hashSocialImage): `/social/{slug}.{hash}.png`. */
export function toSocialImagePath(slug: string, hash: string): string {
  return `/social/${slug}.${hash}.png`;
}

/**
 * The un-hashed address of a template's social image, `/posters/{slug}.png`: a redirect to the
 * current hashed one. Named where the hash is not at hand (MCP cards, the studio's error page)
 * and by pages cached before the hashed addresses.
 */
export function toCurrentSocialImagePath(slug: string): string {
  return `/posters/${slug}.png`;
}

/** What a social image address names: a slug and the hash it asks for, or none for the un-hashed address. */
export function parseSocialImagePath(path: string): { slug: string; hash?: string } | undefined {
  const hashed = HASHED.exec(path);
  if (hashed) return { slug: hashed[1]!, hash: hashed[2]! };
  const current = CURRENT.exec(path);
  return current ? { slug: current[1]! } : undefined;
}
