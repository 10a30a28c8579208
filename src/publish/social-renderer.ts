/**
 * The social renderer's identity (identifySocialRenderer), handed from the catalog integration
 * to the pages of the same process: a page bundle cannot compute it (it resolves resvg and the
 * fonts from node_modules, which a build's bundle in another folder does not see).
 */
const KEY = Symbol.for('template-catalog.social-renderer');
type WithRenderer = { [KEY]?: string };

/** Shares `identity` with the pages this process renders. */
export function shareSocialRenderer(identity: string): void {
  (globalThis as WithRenderer)[KEY] = identity;
}

/** The identity the integration shared; throws when none did (a page rendered outside `astro build` or `astro dev`). */
export function readSharedSocialRenderer(): string {
  const identity = (globalThis as WithRenderer)[KEY];
  if (identity === undefined) throw new Error('No social renderer identity: the catalog integration shares it when Astro starts.');
  return identity;
}
