import { hash } from 'node:crypto';

/** A short digest of text (SHA-1, base64url): tells versions apart, signs nothing. */
export function digestText(text: string | Buffer): string {
  return hash('sha1', text, 'base64url');
}

const digests = new WeakMap<object, string>();

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
