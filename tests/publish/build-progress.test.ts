import { describe, expect, it } from 'vitest';
import { createBuildProgress, formatProgress } from '../../src/publish/build-progress.ts';

describe('formatProgress', () => {
  it('shows pages done of the total, the time so far and an estimate of the rest', () => {
    expect(formatProgress(12_000, 60_000, 41_000)).toBe('rendering pages 12,000/60,000 · 41 s · about 2 min 44 s left');
    expect(formatProgress(0, 10, 500)).toBe('rendering pages 0/10 · 1 s');
  });
});

describe('createBuildProgress', () => {
  function run(tty: boolean) {
    let out = '';
    let clock = 0;
    const progress = createBuildProgress({ tty, total: () => 4, write: (s) => (out += s), now: () => clock });
    progress.line('[build] Collecting build info...', true);
    for (let i = 0; i < 4; i++) {
      clock += 300;
      progress.page();
    }
    progress.line('[build] a warning', false);
    progress.end();
    return out;
  }

  it('redraws one line on a terminal and keeps other lines above it', () => {
    const out = run(true);
    expect(out).toContain('[build] Collecting build info...\n');
    expect(out).toContain('\r\x1b[2Krendering pages 4/4');
    expect(out.endsWith('[build] a warning\n')).toBe(true);
  });

  it('prints only warnings elsewhere: no line per page, no progress', () => {
    expect(run(false)).toBe('[build] a warning\n');
  });
});
