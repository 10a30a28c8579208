import { z } from 'zod';

const httpUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://example.com' })
  .transform((u) => u.replace(/\/+$/, ''));
const count = (fallback: number) =>
  z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').default(fallback);
const isoDate = z.iso.date('must be an ISO 8601 date like 2027-06-30').or(
  z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date like 2027-06-30' }),
);

/** The uses a Content-Signal line speaks to (contentsignals.org). */
export const CONTENT_SIGNAL_USES = ['search', 'ai-input', 'ai-train'] as const;
export type ContentSignalUse = (typeof CONTENT_SIGNAL_USES)[number];
export type ContentSignal = Record<ContentSignalUse, boolean>;

const SIGNAL_ITEM = /^(search|ai-input|ai-train)=(yes|no)$/;

/** `search=yes, ai-input=yes, ai-train=no`: each use once, set to yes or no. */
const contentSignal = z
  .string()
  .transform((text, ctx): ContentSignal => {
    const items = text.split(',').map((i) => i.replace(/\s+/g, '').toLowerCase());
    const pairs = items.map((i) => SIGNAL_ITEM.exec(i));
    const uses = pairs.map((p) => p?.[1]);
    if (pairs.some((p) => !p) || new Set(uses).size !== CONTENT_SIGNAL_USES.length || uses.length !== CONTENT_SIGNAL_USES.length) {
      ctx.addIssue({ code: 'custom', message: 'must set search, ai-input and ai-train once each to yes or no, such as "search=yes, ai-input=yes, ai-train=no"' });
      return z.NEVER;
    }
    return Object.fromEntries(pairs.map((p) => [p![1], p![2] === 'yes'])) as ContentSignal;
  });

/** Environment the build and the server read once at start. */
export const configSchema = z
  .object({
    SITE_URL: httpUrl.default('http://localhost:4321'),
    STUDIO_URL: httpUrl.default('https://studio.example.com'),
    MEDIA_URL: httpUrl.default('https://media.example.com'),
    HOST: z.string().min(1).default('127.0.0.1'),
    PORT: z.coerce.number({ error: 'must be a number' }).int().min(0).max(65535, 'must be a port from 0 to 65535').default(4321),
    TRUST_PROXY: z.coerce.number({ error: 'must be a number' }).int().min(0).max(10).default(0),
    /** HSTS max-age (seconds) on answers that reached a trusted proxy over HTTPS; 0 sends none. */
    HSTS_MAX_AGE: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must be 0 or more').max(63_072_000, 'must be at most 63072000 (two years)').default(31_536_000),
    REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional(),
    REST_RATE_LIMIT: count(120),
    MCP_RATE_LIMIT: count(60),
    API_V1_DEPRECATION: isoDate.optional(),
    API_V1_SUNSET: isoDate.optional(),
    CATALOG_DIR: z.string().min(1).default('templates'),
    DIST_DIR: z.string().min(1).default('dist'),
    ALLOWED_HOSTS: z
      .string()
      .default('')
      .transform((s) => s.split(',').map((h) => h.trim().toLowerCase()).filter(Boolean))
      .pipe(z.array(z.string().regex(/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/, 'must be host names (with an optional port), comma-separated'))),
    /** robots.txt's Content-Signal (a build setting): the catalog is public promotional content, so every use is allowed by default. */
    CONTENT_SIGNAL: contentSignal.prefault('search=yes, ai-input=yes, ai-train=yes'),
    SECURITY_CONTACT: z.string().regex(/^(mailto:|https:\/\/)/, 'must start with mailto: or https://').optional(),
    // pino's levels; request lines are `info`, refused builds and dropped log lines `warn`.
    /** pino's levels, from quietest to loudest. */
    LOG_LEVEL: z.enum(['silent', 'fatal', 'error', 'warn', 'info', 'debug', 'trace']).default('info'),
    /** Prometheus /metrics on this port (0: any free port); unset, no metrics listener at all. */
    METRICS_PORT: z.coerce.number({ error: 'must be a number' }).int().min(0).max(65535, 'must be a port from 0 to 65535').optional(),
    /** Where the metrics listener binds; unset, the same address as HOST. */
    METRICS_HOST: z.string().min(1).optional(),
    /** Seconds between SIGTERM and closing the listener, while /readyz already answers 503. */
    SHUTDOWN_DELAY_SECONDS: z.coerce.number({ error: 'must be a number' }).min(0).max(300, 'must be at most 300').default(0),
    /** Seconds a client has to send its request headers (slowloris guard); then 408 and close. */
    HEADERS_TIMEOUT_SECONDS: z.coerce.number({ error: 'must be a number' }).min(1, 'must be at least 1').max(300, 'must be at most 300').default(20),
  })
  .refine((c) => !c.API_V1_SUNSET || c.API_V1_DEPRECATION, {
    path: ['API_V1_DEPRECATION'],
    message: 'must be set when API_V1_SUNSET is set',
  });
export type Config = z.infer<typeof configSchema>;
