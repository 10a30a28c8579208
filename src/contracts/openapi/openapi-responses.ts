import { cacheControlOf } from '../../core/cdn/cache-policy.ts';
import { DEPRECATION_HEADERS, RATE_LIMIT_HEADERS, REQUEST_ID, RETRY_AFTER } from '../../core/header-names.ts';
import { ApiError } from '../../core/api-error.ts';
import { API_QUERY, readQuery } from '../../core/query/read-query.ts';
import type { Config } from '../../schemas/config.ts';
import { listQuerySchema } from '../../schemas/queries.ts';
import { refSchema, type JsonSchema } from './openapi-schemas.ts';

const header = (description: string, schema: JsonSchema, example?: unknown): JsonSchema => ({
  description,
  schema,
  ...(example === undefined ? {} : { example }),
});
const ref = (kind: 'headers' | 'responses', name: string) => ({ $ref: `#/components/${kind}/${name}` });

/** Highest rate limit a configuration may set (src/schemas/config.ts bounds it lower). */
const MAX_LIMIT = 1_000_000_000;
const str = (maxLength: number): JsonSchema => ({ type: 'string', maxLength });
const int = (minimum: number, maximum: number): JsonSchema => ({ type: 'integer', format: 'int64', minimum, maximum });

/** Header Objects of `#/components/headers` (rate limits, caching, versioning). */
export function buildHeaderComponents(config: Config): Record<string, JsonSchema> {
  const limit = config.REST_RATE_LIMIT;
  const [policy, state, limitName, remaining, reset] = RATE_LIMIT_HEADERS;
  const [deprecation, sunset, link] = DEPRECATION_HEADERS;
  return {
    [policy]: header('The limit and its window (draft-ietf-httpapi-ratelimit-headers-07).', str(64), `${limit};w=60`),
    [state]: header('Limit, requests remaining and seconds until the window resets.', str(128), `limit=${limit}, remaining=${limit - 1}, reset=60`),
    [limitName]: header('Requests allowed per 60-second window.', int(1, MAX_LIMIT), limit),
    [remaining]: header('Requests left in the current window.', int(0, MAX_LIMIT), limit - 1),
    [reset]: header('Unix epoch seconds at which the window resets.', int(0, 4_102_444_800), 1767225600),
    [RETRY_AFTER]: header('Seconds to wait before the next request (also in the body as retryAfter); at most the 60-second window.', int(0, 60), 42),
    'Access-Control-Allow-Origin': header('Every origin may read the answer (public data, no credentials).', { type: 'string', const: '*' }, '*'),
    ETag: header('Validator of the body; send it back in If-None-Match to get 304.', str(64), '"3f9a1c0e"'),
    'Cache-Control': header(
      'How long a CDN or browser may reuse the answer: one template a day at a CDN (browsers revalidate with the ETag), lists and studio links a minute.',
      str(128),
      cacheControlOf('list'),
    ),
    [deprecation]: header('Only once /api/v2 ships: when v1 was deprecated (RFC 9745).', str(32), '@1798761600'),
    [sunset]: header('Only once /api/v2 ships: when v1 stops answering (RFC 8594).', str(64), 'Thu, 01 Jul 2027 00:00:00 GMT'),
    [link]: header(
      'RFC 8288 links: on a paged list (limit given), rel="first", rel="prev" and rel="next" as they apply; once /api/v2 ships, rel="deprecation" and rel="sunset" as well.',
      str(2048),
    ),
    [REQUEST_ID]: header('The id of this answer, also in error bodies as requestId: a well-formed id the client sent (1-128 visible ASCII characters), else a new one.', str(128), '3fa9c2d1-1k7'),
  };
}

const CORS = ['Access-Control-Allow-Origin'];

/** Headers on every answer. */
const EVERY = [REQUEST_ID];

/** `$ref`s to the header components `names`, as a response's `headers`. */
export function refHeaders(names: readonly string[]): Record<string, JsonSchema> {
  return Object.fromEntries(names.map((h) => [h, ref('headers', h)]));
}

/** The headers a /api/v1 answer carries, plus `extra` ones. */
export function pickHeaders(...extra: string[]): Record<string, JsonSchema> {
  return refHeaders([...RATE_LIMIT_HEADERS, ...CORS, ...DEPRECATION_HEADERS, ...EVERY, ...extra]);
}

/** A 200 response of the given component schema with the caching and rate-limit headers. */
export function okResponse(description: string, schemaId: Parameters<typeof refSchema>[0], example?: ExampleSearch): JsonSchema {
  const examples = example && { examples: { search: { summary: `GET ${example.search}`, value: example.answer } } };
  return {
    description,
    headers: pickHeaders('ETag', 'Cache-Control'),
    content: { 'application/json': { schema: refSchema(schemaId), ...examples } },
  };
}

const errorExample = (error: string, message: string, extra: Record<string, unknown> = {}) => ({
  summary: error,
  value: { error, message, ...extra },
});

function errorResponse(description: string, examples: Record<string, JsonSchema>, headers = pickHeaders()): JsonSchema {
  return { description, headers, content: { 'application/json': { schema: refSchema('Error'), examples } } };
}

/** A real template of the catalog, so the examples name ids and slugs that exist. */
export interface ExampleTemplate {
  id: string;
  slug: string;
}

/** A real search answer of the catalog (derived, never written by hand): the list's 200 example. */
export interface ExampleSearch {
  /** The query string it answers, such as `?q=halloween+sale&limit=2`. */
  search: string;
  answer: unknown;
}

/** The API reader's own refusal of a list query, so an example cannot drift from the answer (its list of parameters included). */
function refuseListQuery(search: string): string {
  try {
    readQuery(listQuerySchema, search, API_QUERY);
  } catch (err) {
    if (err instanceof ApiError) return err.message;
    throw err;
  }
  throw new Error(`openapi: the example query ${search} is accepted`);
}

/** Response Objects of `#/components/responses`: 304 and every error code of the API. */
export function buildResponseComponents(sample: ExampleTemplate): Record<string, JsonSchema> {
  const typo = sample.slug.length > 4 ? sample.slug.slice(0, -2) + sample.slug.slice(-1) : `${sample.slug}x`;
  return {
    NotModified: { description: 'The body is unchanged since the ETag sent in If-None-Match.', headers: pickHeaders('ETag', 'Cache-Control') },
    InvalidParameter: errorResponse('A query parameter is unknown, breaks its rule, or is given twice (`invalid_parameter`).', {
      invalid_parameter: errorExample('invalid_parameter', 'parameter "tier": must be one of "free", "premium"', { requestId: '3fa9c2d1-1k7' }),
      unknown: errorExample('invalid_parameter', refuseListQuery('?catgory=hiring')),
      offset: errorExample('invalid_parameter', 'parameter "offset": must be at most 10000000'),
      repeated: errorExample('invalid_parameter', 'parameter "q": was given 2 times; give it once.'),
    }),
    InvalidSiteOrParameter: errorResponse('`site` is not a domain name (`invalid_site`), or another parameter breaks its rule (`invalid_parameter`).', {
      invalid_site: errorExample('invalid_site', 'site is not a domain name: IP addresses are not accepted. Give a domain name such as acme.com.'),
      invalid_parameter: errorExample('invalid_parameter', 'parameter "template": is required (string)'),
    }),
    TemplateNotFound: errorResponse('No template has that id or slug (`template_not_found`).', {
      template_not_found: errorExample('template_not_found', `No template has the id or slug "${typo}". Nearest: ${sample.id} (${sample.slug}).`),
    }),
    RateLimited: errorResponse('Too many requests from this IP in the current window (`rate_limited`).', {
      rate_limited: errorExample('rate_limited', 'Too many requests: wait 42 seconds.', { retryAfter: 42 }),
    }, pickHeaders(RETRY_AFTER)),
    InternalError: errorResponse('An unexpected fault on our side (`internal_error`); the message never holds a stack trace.', {
      internal_error: errorExample('internal_error', 'Something went wrong on our side. Try again later.'),
    }),
  };
}

/** `$ref` to a response component. */
export const responseRef = (name: string) => ref('responses', name);
