import { parseSocialImagePath } from '../../core/links/social-image.ts';
import type { Template } from '../../schemas/template.ts';

/** What a tail address names: a template's page (or its `.html` file), twin, poster, motion poster or social image. */
export type TailFile =
  | { kind: 'page' | 'twin'; template: Template }
  | { kind: 'poster'; template: Template; /** 0: its own poster; n: its nth example's. */ example: number }
  | { kind: 'motion'; template: Template }
  /** `hash`: the one the address asks for; none on the un-hashed address (a redirect to the current one). */
  | { kind: 'social'; template: Template; hash?: string };

/**
 * The folders a tail address lives in (parseTailPath): a static host hands a missing file
 * there to the function (nginx's `try_files … @catalog_function`), which answers it or 404s.
 */
export const TAIL_FOLDERS = ['/templates/', '/posters/', '/social/'] as const;

/** A poster name (`{slug}` or `{slug}-{n}`): a slug may itself end in `-{n}`, so the whole name is tried first. */
function resolvePoster(name: string, bySlug: (slug: string) => Template | undefined): TailFile | undefined {
  const whole = bySlug(name);
  if (whole) return { kind: 'poster', template: whole, example: 0 };
  const numbered = /^(.+)-([1-9]\d*)$/.exec(name);
  const template = numbered ? bySlug(numbered[1]!) : undefined;
  const example = Number(numbered?.[2]);
  return template && example <= (template.examples?.length ?? 0) ? { kind: 'poster', template, example } : undefined;
}

/**
 * The per-template file an address names, as the build would have written it (template-files.ts,
 * template-pages.ts), or undefined when it names none: `/templates/{slug}` (and `.html`),
 * `/templates/{slug}.md`, `/posters/{slug}.svg`, `/posters/{slug}-{n}.svg`,
 * `/posters/{slug}.motion.svg`, `/social/{slug}.{hash}.png` and `/posters/{slug}.png`
 * (social-image.ts). The template's JSON is the REST route's.
 */
export function parseTailPath(path: string, bySlug: (slug: string) => Template | undefined): TailFile | undefined {
  const page = /^\/templates\/([a-z0-9-]+)(\.html|\.md)?$/.exec(path);
  if (page) {
    const template = bySlug(page[1]!);
    return template && { kind: page[2] === '.md' ? 'twin' : 'page', template };
  }
  const social = parseSocialImagePath(path);
  if (social) {
    const template = bySlug(social.slug);
    return template && (social.hash === undefined ? { kind: 'social', template } : { kind: 'social', template, hash: social.hash });
  }
  const poster = /^\/posters\/([a-z0-9-]+)(\.motion\.svg|\.svg)$/.exec(path);
  if (!poster) return undefined;
  if (poster[2] === '.svg') return resolvePoster(poster[1]!, bySlug);
  const template = bySlug(poster[1]!);
  return template && { kind: 'motion', template };
}
