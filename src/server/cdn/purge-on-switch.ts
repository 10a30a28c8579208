import { dirname } from 'node:path';
import { selectPathTags } from '../../contracts/routes/route-tags.ts';
import { planPurge, PURGE_EVERYTHING, type PurgePlan } from '../../core/cdn/purge-plan.ts';
import type { Catalog } from '../../core/catalog/catalog.ts';
import { readChangeChain } from '../../publish/change-chain.ts';
import type { LoadedBuild } from '../lifecycle/load-build.ts';
import { logError, logNow, logWarn } from '../observe/log.ts';
import type { CdnPurger } from './cdn-purger.ts';

/** Waits before each retry of a failed purge: seven tries over about a minute. */
export const RETRY_DELAYS_MS: readonly number[] = [1000, 2000, 4000, 8000, 16_000, 32_000];

const lookupIn = (catalog: Catalog) => (ref: string) => catalog.byRef.get(ref)?.id;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/** What the switch from `previous` to `next` must purge, from the change lists between them. */
export function planSwitchPurge(previous: LoadedBuild, next: LoadedBuild): PurgePlan {
  const buildsDir = dirname(dirname(next.clientDir));
  const chain = readChangeChain(buildsDir, previous.id, next.id);
  return chain ? planPurge(chain, [lookupIn(next.catalog), lookupIn(previous.catalog)], selectPathTags) : PURGE_EVERYTHING;
}

/** Runs one purge on one CDN until it is confirmed or the retries run out; never throws. */
async function purgeWithRetries(purger: CdnPurger, plan: PurgePlan, context: Record<string, unknown>, delays: readonly number[]): Promise<boolean> {
  const started = performance.now();
  for (let attempt = 1; ; attempt++) {
    try {
      await (plan.everything ? purger.purgeEverything() : purger.purgeTags(plan.tags));
      logNow({ msg: 'cdn purged', cdn: purger.name, ...context, attempts: attempt, ms: Math.round(performance.now() - started) });
      return true;
    } catch (err) {
      const error = (err as Error).message;
      const wait = delays[attempt - 1];
      if (wait === undefined) {
        logError({ msg: 'cdn purge gave up; the edge may serve the previous build until its answers expire', cdn: purger.name, ...context, attempts: attempt, error });
        return false;
      }
      logWarn({ msg: 'cdn purge failed; retrying', cdn: purger.name, ...context, attempt, retryInMs: wait, error });
      await sleep(wait);
    }
  }
}

/**
 * The purge after a switch of builds, run by every instance once it serves the new build
 * (so the edge cannot refill from an instance still on the old one after the last purge).
 * It starts after the switch and never holds it up; each CDN is purged on its own, retried
 * with backoff, every outcome logged. Purges are idempotent, so several instances repeating
 * them only cost the edge a few extra misses. Resolves when every CDN is done.
 */
export function createSwitchPurge(purgers: readonly CdnPurger[], delays: readonly number[] = RETRY_DELAYS_MS) {
  return async (previous: LoadedBuild | undefined, next: LoadedBuild): Promise<void> => {
    if (!previous || previous.id === next.id || purgers.length === 0) return;
    let plan: PurgePlan;
    try {
      plan = planSwitchPurge(previous, next);
    } catch (err) {
      logWarn({ msg: 'cdn purge could not read what changed; purging everything', build: next.id, error: (err as Error).message });
      plan = PURGE_EVERYTHING;
    }
    const context = { build: next.id, previous: previous.id, everything: plan.everything, tags: plan.tags.length, firstTags: plan.tags.slice(0, 12).join(' ') };
    if (!plan.everything && plan.tags.length === 0) {
      logNow({ msg: 'cdn purge not needed: no cached answer changed', ...context });
      return;
    }
    await Promise.all(purgers.map((purger) => purgeWithRetries(purger, plan, context, delays)));
  };
}
