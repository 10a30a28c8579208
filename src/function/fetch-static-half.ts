import type { StaticHalf } from './page-types.ts';

/**
 * The static half of the Node function behind a static host (STATIC_ORIGIN, nginx over the
 * client folder): each file fetched from it as a GET (or HEAD), its answer passed on.
 */
export function fetchStaticHalf(staticOrigin: string): StaticHalf {
  return async (request, path) => {
    const headers = new Headers(request.headers);
    headers.delete('host');
    // fetch() decodes a compressed body but keeps its Content-Encoding: ask for identity bytes,
    // which the answer then describes truly (the proxy in front compresses for the client).
    headers.set('accept-encoding', 'identity');
    // The file itself, not a negotiation: nginx hands a page asked as Markdown back here.
    headers.set('accept', '*/*');
    const answer = await fetch(staticOrigin + path, { method: request.method === 'HEAD' ? 'HEAD' : 'GET', headers, redirect: 'manual' });
    const passed = new Headers(answer.headers);
    if (passed.has('content-encoding')) for (const name of ['content-encoding', 'content-length']) passed.delete(name);
    return new Response(answer.body, { status: answer.status, headers: passed });
  };
}
