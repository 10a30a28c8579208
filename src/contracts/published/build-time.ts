let builtAt: Date | undefined;

/**
 * The one instant every published file of this build states (catalog.json builtAt, sitemap
 * lastmod fallback, security.txt Expires). `SOURCE_DATE_EPOCH` (seconds) pins it for
 * reproducible builds, as in the reproducible-builds.org convention.
 */
export function getBuildTime(env: Record<string, string | undefined> = process.env): Date {
  if (builtAt) return builtAt;
  const epoch = Number(env.SOURCE_DATE_EPOCH);
  builtAt = env.SOURCE_DATE_EPOCH && Number.isFinite(epoch) ? new Date(epoch * 1000) : new Date(Math.floor(Date.now() / 1000) * 1000);
  return builtAt;
}
