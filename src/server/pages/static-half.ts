import type { IncomingHttpHeaders } from 'node:http';
import type { Config } from '../../schemas/config.ts';
import { formatTagHeader } from '../../core/cdn/cache-tags.ts';
import { PUBLISHED_REDIRECTS, SERVER_CARD_WELL_KNOWN_PATH } from '../../contracts/discovery/discovery-paths.ts';
import { MCP_SERVER_CARD_PATH } from '../../contracts/mcp/server-info.ts';
import { selectPathTags } from '../../contracts/routes/route-tags.ts';
import type { StaticHalf } from '../../function/answer-pages.ts';
import { respond } from '../../function/light-response.ts';
import { readIncoming } from '../../function/node-adapter.ts';
import { buildRedirectPairs } from '../../http/file-headers.ts';
import { createPageCsp } from '../http/security-headers.ts';
import type { LoadedBuild } from '../lifecycle/load-build.ts';
import { createAssetSources } from './asset-sources.ts';
import { createLinkHeaders } from './page-links.ts';
import { createStaticFiles } from './static-files.ts';

/** The request's headers as Node reads them (the rules of conditions and ranges take those). */
function readNodeHeaders(request: Request): IncomingHttpHeaders {
  return readIncoming(request)?.headers ?? Object.fromEntries(request.headers);
}

/** The answer when the build holds no file at a path: the pipeline then answers the 404 page. */
const NO_FILE = () => respond(404, []);

/**
 * The origin's static half, what only a long-lived Node process has: the build's files from
 * memory (ETag, conditions, ranges, precompressed siblings, other builds' hashed assets), with
 * the route's own headers (`exact`: page CSP, cache class, tags, Link); the server card at the
 * MCP endpoint's address; the published redirects. The pipeline decides everything else
 * (OPTIONS, 405, limits, Markdown by Accept, the on-demand pages) before it asks.
 */
export function createStaticHalf(build: LoadedBuild, config: Config): StaticHalf {
  const lookup = (ref: string) => build.catalog.byRef.get(ref)?.id;
  const tagHeaders = (path: string) => formatTagHeader(config.CACHE_TAG_HEADER, selectPathTags(path, lookup));
  const files = createStaticFiles(build.clientDir, {
    csp: createPageCsp(config),
    tagHeaders,
    assetSources: createAssetSources(config, build),
    linkFor: createLinkHeaders(config.SITE_URL, build.clientDir),
  });
  const half = (request: Request, path: string, { echo = [], status, cache = 'published' }: Parameters<StaticHalf>[2] = {}) => {
    const redirect = PUBLISHED_REDIRECTS[path];
    if (redirect) {
      const [location, to, ...rest] = buildRedirectPairs(redirect, cache, tagHeaders(path));
      // The body's type right after the Location, as the origin has always sent it.
      const pairs = [...echo, location!, to!, 'Content-Type', 'text/plain; charset=utf-8', ...rest];
      return respond(301, pairs, `Moved to ${redirect}\n`);
    }
    const card = path === MCP_SERVER_CARD_PATH;
    const found = (answer: Response | undefined) => {
      if (!answer && card) throw new Error(`The build has no ${SERVER_CARD_WELL_KNOWN_PATH}.`);
      return answer ?? NO_FILE();
    };
    // A file in memory is answered at once; a first read waits on the disk.
    const answer = files.answer(request.method, readNodeHeaders(request), card ? SERVER_CARD_WELL_KNOWN_PATH : path, status ? { echo, cache, status } : { echo, cache });
    return answer instanceof Promise ? answer.then(found) : found(answer);
  };
  return Object.assign(half, { exact: true });
}
