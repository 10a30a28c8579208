import { configSchema, type Config } from '../schemas/config.ts';
import { formatIssues } from '../core/format-issues.ts';
import { deriveSiteUrl } from './derive-site-url.ts';

/** Thrown when the environment holds a bad value; its message names each variable and rule. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Validates the environment once. Empty strings count as unset so that `FOO= npm start`
 * falls back to the default instead of failing on an empty value. Without SITE_URL, links name
 * the address the server listens on (HOST and PORT).
 */
export function readConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''));
  const parsed = configSchema.safeParse(present);
  if (parsed.success) return { ...parsed.data, SITE_URL: parsed.data.SITE_URL ?? deriveSiteUrl(parsed.data.HOST, parsed.data.PORT) };
  const lines = formatIssues(parsed.error, 'variable');
  throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
}
