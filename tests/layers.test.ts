import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { cruise, type IForbiddenRuleType } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

const rules = createRequire(import.meta.url)('../.dependency-cruiser.cjs') as { forbidden: IForbiddenRuleType[]; options: object };

/** Every rule broken in `folders` under `baseDir`, as `rule: from → to` lines. */
async function findViolations(folders: string[], baseDir = process.cwd()): Promise<string[]> {
  const result = await cruise(folders, { ...rules.options, baseDir, ruleSet: { forbidden: rules.forbidden }, validate: true });
  const output = result.output as { summary: { violations: { rule: { name: string }; from: string; to: string }[] } };
  return output.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`);
}

describe('the layer rules (.dependency-cruiser.cjs)', () => {
  it('hold in src and scripts: no cycles, no import against the layers', async () => {
    expect(await findViolations(['src', 'scripts'])).toEqual([]);
  });

  it('catch a core file that imports the server, and the loop it makes', async () => {
    const found = await findViolations(['src'], resolve('tests/fixtures/layers'));
    expect(found).toContain('layer-core: src/core/format-price.ts → src/server/serve.ts');
    expect(found.some((v) => v.startsWith('no-cycles: '))).toBe(true);
    expect(found.filter((v) => v.includes('schemas'))).toEqual([]);
  });
});
