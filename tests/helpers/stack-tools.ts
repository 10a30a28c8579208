import { describe, it } from 'vitest';
import { hasStackTools } from '../../scripts/lib/stack.ts';

const MISSING = 'varnishd (with varnish-modules), haproxy or redis-server is not installed: the edge tests cannot run. ' +
  'Install them with `apt-get install varnish varnish-modules haproxy redis-server` (.ci/run does).';

/**
 * `describe` for tests that run Varnish and haproxy. Without them: in CI a failing test says
 * why; elsewhere the tests are skipped with the reason, as the Chromium tests are.
 */
export function describeWithStackTools(name: string, body: () => void): void {
  if (hasStackTools()) {
    describe(name, body);
    return;
  }
  describe(name, () => {
    if (process.env.CI) it('needs varnishd and haproxy', () => { throw new Error(MISSING); });
    else {
      console.warn(`Skipping "${name}": ${MISSING}`);
      it.skip(`needs varnishd and haproxy: ${MISSING}`, () => {});
    }
  });
}
