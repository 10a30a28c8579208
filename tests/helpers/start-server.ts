import { inject } from 'vitest';
import { spawnServer, type RunningServer } from '../../scripts/lib/spawn-server.ts';

export type { RunningServer };

/**
 * Spawns the real server (`node src/server/main.ts`) on an ephemeral port over the test
 * build. `env` overrides (e.g. REST_RATE_LIMIT) are merged in.
 */
export function startServer(env: Record<string, string> = {}, nodeArgs: string[] = []): Promise<RunningServer> {
  return spawnServer({ DIST_DIR: inject('distDir'), LOG_LEVEL: 'info', ...env }, nodeArgs);
}
