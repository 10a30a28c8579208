import type { App } from '../create-app.ts';
import type { AccessLogger } from '../observe/access-log.ts';
import type { LoadedBuild } from './load-build.ts';

/** One build being served: its App, and the requests it still has in flight. */
export interface Generation {
  app: App;
  build: LoadedBuild;
  /** Writes this build's request lines (its id on each); undefined when LOG_LEVEL is above info. */
  access: AccessLogger | undefined;
  active: number;
  /** Called once a retired generation's last request has finished. */
  onDrained?: () => void;
}

/** What the process serves now; the reloader swaps `current` in one assignment. */
export interface ServingState {
  current?: Generation;
  /** Set on SIGTERM: readiness fails so load balancers stop sending traffic. */
  draining: boolean;
  /** Settles when the first build serves; requests arriving before wait for it. */
  firstBuild: Promise<unknown>;
}
