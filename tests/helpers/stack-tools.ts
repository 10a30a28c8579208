import { hasStackTools } from '../../scripts/lib/stack.ts';
import { describeNeeding } from './describe-needing.ts';

const MISSING = 'varnishd (with varnish-modules), haproxy or redis-server is not installed: the edge tests cannot run. ' +
  'Install them with `apt-get install varnish varnish-modules haproxy redis-server` (`npm test` does).';

/** `describe` for tests that run Varnish and haproxy (describeNeeding says what happens without them). */
export function describeWithStackTools(name: string, body: () => void): void {
  describeNeeding('varnishd and haproxy', hasStackTools(), MISSING, name, body);
}
