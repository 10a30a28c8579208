import { describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { renderPoster, type PosterInput } from '../../../src/core/poster/render-poster.ts';

const base: PosterInput = {
  title: 'Neon Countdown Launch',
  categoryLabel: 'Product launch',
  durationSeconds: 15,
  formats: ['16:9', '9:16'],
  palette: ['#0b1020', '#22d3ee', '#f8fafc'],
  seed: 'neon-countdown-launch',
};

async function parseErrors(svg: string): Promise<string[]> {
  const result = await validateXML({ xml: [{ fileName: 'poster.svg', contents: svg }], normalization: 'format' });
  return result.errors.map((e) => e.message);
}

describe('renderPoster', () => {
  it('draws a 16:9 SVG', () => {
    const svg = renderPoster(base);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 360"')).toBe(true);
    expect(svg.endsWith('</svg>')).toBe(true);
  });

  it('shows the title, category label, duration and format badges', () => {
    const svg = renderPoster(base);
    expect(svg).toContain('<title>Neon Countdown Launch</title>');
    expect(svg).toMatch(/>Neon( Countdown)?<\/tspan>/);
    expect(svg).toContain('>PRODUCT LAUNCH</text>');
    expect(svg).toContain('>0:15</text>');
    expect(svg).toContain('>16:9</text>');
    expect(svg).toContain('>9:16</text>');
  });

  it('paints with the template palette', () => {
    const svg = renderPoster(base);
    expect(svg).toContain('stop-color="#0b1020"');
    expect(svg).toContain('fill="#22d3ee"');
  });

  it('shows the brand and one format on an example poster', () => {
    const svg = renderPoster({ ...base, formats: ['9:16'], brand: 'Lumen Audio', seed: 'neon-countdown-launch-1' });
    expect(svg).toContain('Made for <tspan font-weight="700">Lumen Audio</tspan>');
    expect(svg).toContain('PRODUCT LAUNCH · EXAMPLE');
    expect(svg).not.toContain('>16:9</text>');
  });

  it('escapes text so catalog data cannot break or inject markup', async () => {
    const svg = renderPoster({ ...base, title: 'Tom & Jerry <script>alert(1)</script>', brand: 'A "quoted" <b>' });
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('Tom &#38; Jerry');
    expect(await parseErrors(svg)).toEqual([]);
  });

  it('is well-formed XML', async () => {
    expect(await parseErrors(renderPoster(base))).toEqual([]);
  });

  it('stays under 3 KB with the longest title, a brand and both formats', () => {
    const svg = renderPoster({ ...base, title: 'W'.repeat(30) + ' ' + 'Long words here '.repeat(4), brand: 'B'.repeat(80), categoryLabel: 'C'.repeat(40) });
    expect(new TextEncoder().encode(svg).length).toBeLessThan(3072);
  });

  it('is deterministic for the same input', () => {
    expect(renderPoster(base)).toBe(renderPoster({ ...base }));
  });

  it('varies the layout between templates', () => {
    const layouts = new Set(['a', 'b', 'c', 'd', 'e', 'f'].map((seed) => renderPoster({ ...base, seed })));
    expect(layouts.size).toBeGreaterThan(1);
  });
});
