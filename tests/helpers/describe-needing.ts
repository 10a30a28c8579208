import { describe, it } from 'vitest';

/**
 * `describe` for tests that need a program the machine may lack (Chromium, Varnish). Without
 * it: in CI a failing test says why (a silent skip would hide that nothing was checked);
 * elsewhere the tests are skipped with the reason in the skipped test's name.
 */
export function describeNeeding(what: string, present: boolean, missing: string, name: string, body: () => void): void {
  if (present) {
    describe(name, body);
    return;
  }
  describe(name, () => {
    if (process.env.CI) it(`needs ${what}`, () => { throw new Error(missing); });
    else {
      console.warn(`Skipping "${name}": ${missing}`);
      it.skip(`needs ${what}: ${missing}`, () => {});
    }
  });
}
