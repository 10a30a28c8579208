/**
 * What a CDN must offer for the purge on publish: drop every answer carrying one of the given
 * cache tags, or drop everything. Both must be idempotent (every instance purges after its own
 * switch, and failures are retried), and must throw when the CDN did not confirm.
 *
 * Shipped: Varnish (varnish-purge.ts). Others map as docs/deploying.md ("Purge on publish") says:
 * Fastly `POST /service/{id}/purge` with `Surrogate-Key`, Cloudflare `POST /zones/{id}/purge_cache`
 * with `{"tags": [...]}`, CloudFront `CreateInvalidation` with the changed paths.
 */
export interface CdnPurger {
  /** Names the target in logs (a URL without credentials). */
  readonly name: string;
  purgeTags(tags: readonly string[]): Promise<void>;
  purgeEverything(): Promise<void>;
}
