import { ApiError } from '../../core/api-error.ts';
import { formatTagHeader, GROUP_TAGS, templateTag } from '../../core/cdn/cache-tags.ts';
import type { Catalog } from '../../core/catalog/catalog.ts';
import type { Config } from '../../schemas/config.ts';
import { writeReply, type Reply } from '../http/api-reply.ts';
import type { GuardedHandler } from '../http/api-guard.ts';
import { splitUrl } from '../http/request-target.ts';
import { toErrorReply } from '../http/send-error.ts';
import { createGetOneRoute } from './get-one-route.ts';
import { createListRoute } from './list-route.ts';
import { createStudioLinkRoute } from './studio-link-route.ts';

/** Methods of every REST route. */
export const REST_METHODS = 'GET, HEAD, OPTIONS';
const ONE_PREFIX = '/api/v1/templates/';

/**
 * The REST API v1 behind the API guard (which answers preflights and counts the request):
 * routes the path, and writes the route's reply or the error it threw with the one writer.
 */
export function createRestApi(catalog: Catalog, config: Config): GuardedHandler {
  const tag = (tags: readonly string[]) => formatTagHeader(config.CACHE_TAG_HEADER, tags);
  const list = createListRoute(catalog, tag([GROUP_TAGS.lists]));
  const getOne = createGetOneRoute(catalog, (id) => tag([templateTag(id)]));
  const studioLink = createStudioLinkRoute(catalog, config.STUDIO_URL, tag([GROUP_TAGS.lists]));
  const notFound = `Open ${config.SITE_URL}/openapi.json for the endpoints: GET /api/v1/templates, /api/v1/templates/{id} and /api/v1/studio-link.`;

  function route(method: string | undefined, path: string, search: string): Reply {
    let answer: () => Reply;
    if (path === '/api/v1/templates') answer = () => list(search);
    else if (path.startsWith(ONE_PREFIX) && path.length > ONE_PREFIX.length && !path.includes('/', ONE_PREFIX.length)) {
      answer = () => getOne(path.slice(ONE_PREFIX.length));
    } else if (path === '/api/v1/studio-link') answer = () => studioLink(search);
    else throw new ApiError('not_found', `No API endpoint at ${path.slice(0, 200)}. ${notFound}`);
    if (method !== 'GET' && method !== 'HEAD') {
      throw new ApiError('method_not_allowed', `${method} is not allowed on ${path}: the API is read-only; use ${REST_METHODS}.`);
    }
    return answer();
  }

  return async (req, res, common) => {
    const [path, search] = splitUrl(req.url ?? '/');
    let reply: Reply;
    try {
      reply = route(req.method, path, search);
    } catch (err) {
      reply = toErrorReply(err, { method: req.method, path });
      if (reply.status === 405) reply = { ...reply, headers: [...(reply.headers ?? []), 'Allow', REST_METHODS] };
    }
    writeReply(req, res, reply, common);
  };
}
