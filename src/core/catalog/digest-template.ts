import { hash } from 'node:crypto';

/** A short digest of text (SHA-1, base64url): tells versions apart, signs nothing. */
export function digestText(text: string | Buffer): string {
  return hash('sha1', text, 'base64url');
}

/**
 * Kept on globalThis: a build runs this module twice (the publish's copy and the copy Vite
 * bundles into the prerender chunks), and both ask for the digests of the same template objects.
 */
const MEMO = Symbol.for('template-catalog.template-digests');
const digests: WeakMap<object, string> = ((globalThis as { [MEMO]?: WeakMap<object, string> })[MEMO] ??= new WeakMap());

/**
 * The digest of a template as published (every field its pages, JSON and Markdown show), kept
 * per object: a build asks for each template's digest once per page that shows it.
 */
export function digestTemplate(template: object): string {
  let digest = digests.get(template);
  if (digest === undefined) {
    digest = digestText(JSON.stringify(template));
    digests.set(template, digest);
  }
  return digest;
}
