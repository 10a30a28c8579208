import { describe, expect, it } from 'vitest';
import { readScriptFlags } from '../../scripts/lib/spawn-server.ts';

describe('readScriptFlags', () => {
  it('gives npm run function the memory flags of npm run serve (without them its RSS grew 162 MB over 20,000 pages)', () => {
    const serve = readScriptFlags('serve');
    expect(serve).toEqual(expect.arrayContaining(['--expose-gc', '--max-semi-space-size=16', '--heap-growing-percent=25']));
    expect(readScriptFlags('function')).toEqual(serve);
  });
});
