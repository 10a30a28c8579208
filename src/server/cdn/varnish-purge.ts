import type { CdnPurger } from './cdn-purger.ts';

/** Tags per request: header lines stay far below Varnish's 8 KB limit (`http_req_hdr_len`). */
const MAX_HEADER_BYTES = 4000;
/** A purge request that has no answer by then counts as failed (and is retried). */
const TIMEOUT_MS = 5000;

/** Request headers of the purge endpoint in deploy/varnish/catalog.vcl. */
export const VARNISH_PURGE_HEADERS = { tags: 'xkey-purge', everything: 'x-purge-all' } as const;

/** Splits tags into space-separated header values of at most MAX_HEADER_BYTES. */
export function batchTags(tags: readonly string[]): string[] {
  const batches: string[] = [];
  let current = '';
  for (const tag of tags) {
    if (current && current.length + 1 + tag.length > MAX_HEADER_BYTES) {
      batches.push(current);
      current = '';
    }
    current = current ? `${current} ${tag}` : tag;
  }
  if (current) batches.push(current);
  return batches;
}

async function sendPurge(url: string, headers: Record<string, string>): Promise<void> {
  const res = await fetch(url, { method: 'PURGE', headers, signal: AbortSignal.timeout(TIMEOUT_MS) });
  const text = await res.text();
  if (!res.ok) throw new Error(`${url} answered ${res.status} ${text.slice(0, 120).trim()}`);
}

/**
 * Varnish with varnish-modules' xkey: `PURGE /` with the tags in `xkey-purge` (the VCL calls
 * `xkey.purge`, a hard purge: the next request fetches the new answer), or with
 * `x-purge-all: yes` to ban every object. The VCL's ACL decides who may purge.
 */
export function createVarnishPurger(baseUrl: string): CdnPurger {
  const url = `${baseUrl.replace(/\/+$/, '')}/`;
  const name = new URL(url).origin;
  return {
    name,
    async purgeTags(tags) {
      for (const batch of batchTags(tags)) await sendPurge(url, { [VARNISH_PURGE_HEADERS.tags]: batch });
    },
    async purgeEverything() {
      await sendPurge(url, { [VARNISH_PURGE_HEADERS.everything]: 'yes' });
    },
  };
}
