import { formatLinkHeader, listSiteLinks } from '../contracts/published/build-page-links.ts';
import { ROUTE_LIST } from '../contracts/routes/route-table.ts';
import { toHtmlPath, toMarkdownPath } from '../core/links/to-markdown-path.ts';
import { MARKDOWN_TYPE } from '../core/markdown/markdown-response.ts';
import { isMarkdownPath } from './markdown-negotiation.ts';

/** On-demand pages whose twin is on-demand too (/search and /search.md), from the route table. */
function listOnDemandTwins(): Map<string, string> {
  const pages = new Set(ROUTE_LIST.filter((r) => r.group === 'page' && r.pattern.startsWith('/')).map((r) => r.pattern));
  const twins = new Map<string, string>();
  for (const page of pages) {
    const twin = isMarkdownPath(page) ? toHtmlPath(page) : toMarkdownPath(page);
    if (twin && pages.has(twin)) twins.set(page, twin);
  }
  return twins;
}

/** A query string as it may stand inside `<…>` of a Link header. */
const encodeForLink = (text: string) => text.replace(/[<>"\s\u0080-\uffff]/g, (c) => encodeURIComponent(c));

/** The `Link` of an on-demand answer (same site links; its twin, same query, as `alternate`). */
export function createOnDemandLinks(siteUrl: string): (path: string, search: string) => string {
  const site = listSiteLinks(siteUrl);
  const base = formatLinkHeader(site);
  const twins = listOnDemandTwins();
  return (path, search) => {
    const twin = twins.get(path);
    if (!twin) return base;
    const type = isMarkdownPath(twin) ? MARKDOWN_TYPE.split(';')[0]! : 'text/html';
    return formatLinkHeader([...site, { href: `${siteUrl}${twin}${encodeForLink(search)}`, rel: 'alternate', type }]);
  };
}
