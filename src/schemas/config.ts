import { z } from 'zod';

const httpUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://example.com' })
  .transform((u) => u.replace(/\/+$/, ''));
const count = (fallback: number) =>
  z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').default(fallback);
/** Named ranges `proxy-addr` (and Express's `trust proxy`) know. */
export const TRUSTED_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'] as const;
const proxyAddress = z.union([z.enum(TRUSTED_RANGE_NAMES), z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()]);

/**
 * TRUST_PROXY: a hop count (`2`: the two proxies nearest to us), or the proxies themselves as
 * addresses, CIDR ranges and range names (`loopback, 10.0.0.0/8`): the client is then the
 * nearest address in X-Forwarded-For that is not one of them.
 */
const trustProxy = z.string().transform((value, ctx): number | string[] => {
  const text = value.trim();
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops <= 10) return hops;
    ctx.addIssue({ code: 'custom', message: 'must be a hop count from 0 to 10, or a list of proxy addresses' });
    return z.NEVER;
  }
  const entries = text.split(',').map((e) => e.trim()).filter(Boolean);
  for (const entry of entries) {
    if (!proxyAddress.safeParse(entry).success) {
      ctx.addIssue({ code: 'custom', message: `"${entry.slice(0, 60)}" is not an IP address, a CIDR range (10.0.0.0/8) or one of ${TRUSTED_RANGE_NAMES.join(', ')}` });
    }
  }
  return entries;
});
const urlList = z
  .string()
  .transform((s) => s.split(',').map((u) => u.trim()).filter(Boolean))
  .pipe(z.array(httpUrl).min(1, 'must name at least one http(s) URL'));
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
    /** Unset: derived from HOST and PORT when the configuration is read (src/config/derive-site-url.ts). */
    SITE_URL: httpUrl.optional(),
    STUDIO_URL: httpUrl.default('https://studio.example.com'),
    MEDIA_URL: httpUrl.default('https://media.example.com'),
    HOST: z.string().min(1).default('127.0.0.1'),
    PORT: z.coerce.number({ error: 'must be a number' }).int().min(0).max(65535, 'must be a port from 0 to 65535').default(4321),
    TRUST_PROXY: trustProxy.default(0),
    /** HSTS max-age (seconds) on answers that reached a trusted proxy over HTTPS; 0 sends none. */
    HSTS_MAX_AGE: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must be 0 or more').max(63_072_000, 'must be at most 63072000 (two years)').default(31_536_000),
    REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional(),
    REST_RATE_LIMIT: count(120),
    MCP_RATE_LIMIT: count(60),
    API_V1_DEPRECATION: isoDate.optional(),
    API_V1_SUNSET: isoDate.optional(),
    CATALOG_DIR: z.string().min(1).default('templates'),
    /** How many templates (newest first) the build prerenders; the rest are answered on demand. Unset: all (src/contracts/published/prerender-head.ts). */
    PRERENDER_TEMPLATES: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must be 0 or more').optional(),
    /** Who draws the social images (PNG): the build (static-only hosts) or the function and origin on demand (src/http/tail). */
    SOCIAL_IMAGES: z.enum(['build', 'on-demand'], { error: 'must be build or on-demand' }).default('build'),
    DIST_DIR: z.string().min(1).default('dist'),
    ALLOWED_HOSTS: z
      .string()
      .default('')
      .transform((s) => s.split(',').map((h) => h.trim().toLowerCase()).filter(Boolean))
      .pipe(z.array(z.string().regex(/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/, 'must be host names (with an optional port), comma-separated'))),
    /** robots.txt's Content-Signal (a build setting): the catalog is public promotional content, so every use is allowed by default. */
    CONTENT_SIGNAL: contentSignal.prefault('search=yes, ai-input=yes, ai-train=yes'),
    SECURITY_CONTACT: z.string().regex(/^(mailto:|https:\/\/)/, 'must start with mailto: or https://').optional(),
    /** Where custom animation briefs go, named on /requests and its twin; unset, `requests@` the site's host. */
    REQUESTS_CONTACT: z.email({ error: 'must be an email address (name@example.com)' }).optional(),
    // pino's levels; request lines are `info`, refused builds and dropped log lines `warn`.
    /** pino's levels, from quietest to loudest. */
    LOG_LEVEL: z.enum(['silent', 'fatal', 'error', 'warn', 'info', 'debug', 'trace']).default('info'),
    /** Prometheus /metrics on this port (0: any free port); unset, no metrics listener at all. */
    METRICS_PORT: z.coerce.number({ error: 'must be a number' }).int().min(0).max(65535, 'must be a port from 0 to 65535').optional(),
    /** Where the metrics listener binds; unset, the same address as HOST. */
    METRICS_HOST: z.string().min(1).optional(),
    /** Seconds between SIGTERM and closing the listener, while /readyz already answers 503. */
    SHUTDOWN_DELAY_SECONDS: z.coerce.number({ error: 'must be a number' }).min(0).max(300, 'must be at most 300').default(0),
    /** How long a replaced build's hashed assets stay served; unset, as long as a CDN may serve a page that links them. */
    ASSET_RETENTION_SECONDS: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must be at least 0').optional(),
    /** Builds kept whatever their age (the served one among them); older ones are pruned after each publish. */
    KEEP_BUILDS: count(3),
    /** The CDN's cache-tag header on cacheable answers (Varnish xkey, Fastly Surrogate-Key, Cloudflare Cache-Tag); unset, none. */
    CACHE_TAG_HEADER: z
      .string()
      .transform((s) => s.trim().toLowerCase())
      .pipe(z.enum(['xkey', 'surrogate-key', 'cache-tag']))
      .optional(),
    /** Varnish instances to purge (by xkey) after each switch to a new build, comma-separated. */
    CDN_PURGE_URL: urlList.optional(),
    /** Seconds a client has to send its request headers (slowloris guard); then 408 and close. */
    HEADERS_TIMEOUT_SECONDS: z.coerce.number({ error: 'must be a number' }).min(1, 'must be at least 1').max(300, 'must be at most 300').default(20),
  })
  .refine((c) => !c.API_V1_SUNSET || c.API_V1_DEPRECATION, {
    path: ['API_V1_DEPRECATION'],
    message: 'must be set when API_V1_SUNSET is set',
  })
  .refine((c) => !c.CDN_PURGE_URL || c.CACHE_TAG_HEADER === 'xkey', {
    path: ['CACHE_TAG_HEADER'],
    message: 'must be xkey when CDN_PURGE_URL is set: the Varnish purge drops answers by their xkey tags',
  });
/** The environment as validated, before SITE_URL is derived. */
export type ConfigInput = z.infer<typeof configSchema>;
/** The configuration the build and the server use: SITE_URL always set (given, or derived from HOST and PORT). */
export type Config = Omit<ConfigInput, 'SITE_URL'> & { SITE_URL: string };
