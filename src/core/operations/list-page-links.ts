import type { ListQuery } from '../../schemas/queries.ts';

/** A link relation of a paged list (RFC 8288) and the query of the page it names. */
export interface PageLink {
  rel: 'first' | 'prev' | 'next';
  query: ListQuery;
}

/**
 * The neighbours of a paged list answer: `first` always, `prev` after the first page, `next`
 * while matches remain. Only a paged answer (`limit` given) has neighbours: without `limit`
 * the whole list is one answer, as the specification says.
 */
export function listPageLinks(query: ListQuery, total: number): PageLink[] {
  const { limit } = query;
  if (limit === undefined) return [];
  const offset = query.offset ?? 0;
  const at = (start: number): ListQuery => ({ ...query, offset: start });
  const links: PageLink[] = [{ rel: 'first', query: at(0) }];
  if (offset > 0) links.push({ rel: 'prev', query: at(Math.max(0, offset - limit)) });
  if (offset + limit < total) links.push({ rel: 'next', query: at(offset + limit) });
  return links;
}

/**
 * The `Link` field value of those neighbours, their targets absolute under `listUrl` with the
 * parameters in the schema's order (`names`), so one page always has one address.
 */
export function formatPageLinks(links: readonly PageLink[], listUrl: string, names: readonly string[]): string {
  return links
    .map(({ rel, query }) => {
      const params = new URLSearchParams();
      for (const name of names) {
        const value = query[name as keyof ListQuery];
        if (value !== undefined) params.set(name, String(value));
      }
      return `<${listUrl}?${params}>; rel="${rel}"`;
    })
    .join(', ');
}
