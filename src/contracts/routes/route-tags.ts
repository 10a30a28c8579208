import { selectSourceTags, type TemplateLookup } from '../../core/cdn/cache-tags.ts';
import { matchRoute } from './match-route.ts';

/**
 * The cache tags of the answer at `path` (an address without its query), as its route in the
 * route table names them: the server writes them on answers, the purge reads them for the paths
 * a publish changed. A template or category the catalog does not hold gets none.
 */
export function selectPathTags(path: string, lookup: TemplateLookup): string[] {
  const { route } = matchRoute(path);
  return selectSourceTags(route.tags, path.slice(path.lastIndexOf('/') + 1), lookup);
}
