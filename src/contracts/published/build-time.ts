/** Kept on globalThis: the prerender bundle has its own copy of this module, and the files the publish writes itself must state the same instant as Astro's pages. */
const BUILT_AT = Symbol.for('template-catalog.built-at');
type WithBuildTime = { [BUILT_AT]?: Date };

/**
 * The one instant every published file of this build states (catalog.json builtAt, sitemap
 * lastmod fallback, security.txt Expires). `SOURCE_DATE_EPOCH` (seconds) pins it for
 * reproducible builds, as in the reproducible-builds.org convention.
 */
export function getBuildTime(env: Record<string, string | undefined> = process.env): Date {
  const held = globalThis as WithBuildTime;
  if (held[BUILT_AT]) return held[BUILT_AT];
  const epoch = Number(env.SOURCE_DATE_EPOCH);
  held[BUILT_AT] = env.SOURCE_DATE_EPOCH && Number.isFinite(epoch) ? new Date(epoch * 1000) : new Date(Math.floor(Date.now() / 1000) * 1000);
  return held[BUILT_AT];
}

/** Forgets the instant: the next build in this process states its own (called as a build starts). */
export function resetBuildTime(): void {
  delete (globalThis as WithBuildTime)[BUILT_AT];
}

/** Makes `date` this thread's build time: a build's catalog worker states the instant of the build that started it. */
export function holdBuildTime(date: Date): void {
  (globalThis as WithBuildTime)[BUILT_AT] = date;
}
