import { describe, expect, it } from 'vitest';
import { renderTemplateListItem, renderTemplateMarkdown } from '../../../src/core/markdown/render-template-markdown.ts';
import type { Template } from '../../../src/schemas/template.ts';
import { fixtureTemplate } from './fixture-templates.ts';

describe('renderTemplateMarkdown', () => {
  const premium = fixtureTemplate('neon-countdown-launch');
  const free = fixtureTemplate('webinar-kickoff');

  it('starts with the title and quotes the description', () => {
    const md = renderTemplateMarkdown(premium);
    expect(md.startsWith('# Neon Countdown Launch\n\n> A ten-second neon countdown')).toBe(true);
  });

  it('lists the facts a buyer needs', () => {
    const md = renderTemplateMarkdown(premium);
    expect(md).toContain('- ID: `tpl-9001` (slug `neon-countdown-launch`)');
    expect(md).toContain('- Category: [Product launch](https://catalog.example.org/categories/product-launch)');
    expect(md).toContain('- Price: $19 per export');
    expect(md).toContain('- Duration: 15 seconds');
    expect(md).toContain('- Formats: 16:9 landscape, 9:16 vertical');
    expect(md).toContain('- Editable: 5 text fields, 2 images, 3 colours, music');
    expect(md).toContain('- Published: 2026-05-02');
  });

  it('says "Free" for a free template and that export costs nothing', () => {
    const md = renderTemplateMarkdown(free);
    expect(md).toContain('- Price: Free');
    expect(md).toContain('exporting it costs nothing');
    expect(md).not.toContain('## Examples');
  });

  it('links the page, the twin, the JSON and the studio', () => {
    const md = renderTemplateMarkdown(premium);
    expect(md).toContain('- Page: https://catalog.example.org/templates/neon-countdown-launch\n');
    expect(md).toContain('- Markdown: https://catalog.example.org/templates/neon-countdown-launch.md');
    expect(md).toContain('- JSON: https://catalog.example.org/api/v1/templates/tpl-9001');
    expect(md).toContain('- Studio: https://studio.example.com/new?template=tpl-9001');
    expect(md).toContain('https://catalog.example.org/api/v1/studio-link?template=tpl-9001&site=acme.com');
  });

  it('lists each example with its brand, video and poster', () => {
    expect(renderTemplateMarkdown(premium)).toContain(
      '- Lumen Audio (16:9 landscape): [watch the video](https://media.example.com/examples/neon-countdown-launch-lumen-audio-16x9.mp4), [poster](https://catalog.example.org/posters/neon-countdown-launch-1.svg)',
    );
  });

  it('says the site never makes videos and export happens in the studio', () => {
    const md = renderTemplateMarkdown(premium);
    expect(md).toContain('This site never makes or stores videos');
    expect(md).toContain('export the video with your own studio account');
    expect(md).toContain('each export costs $19, paid in the studio');
  });

  it('escapes Markdown in catalog text', () => {
    const tricky: Template = { ...free, title: 'Launch *now* [beta] <b>', description: 'Use # and _under_ `code`' };
    const md = renderTemplateMarkdown(tricky);
    expect(md).toContain('# Launch \\*now\\* \\[beta\\] \\<b\\>');
    expect(md).toContain('> Use \\# and \\_under\\_ \\`code\\`');
  });

  it('is a pure function of the template', () => {
    const copy = structuredClone(premium);
    expect(renderTemplateMarkdown(premium)).toBe(renderTemplateMarkdown(copy));
    expect(premium).toEqual(copy);
  });

  it('keeps a site URL with a path prefix in the links it derives', () => {
    const prefixed: Template = { ...free, url: 'https://example.org/catalog/templates/webinar-kickoff' };
    expect(renderTemplateMarkdown(prefixed)).toContain('JSON: https://example.org/catalog/api/v1/templates/tpl-9002');
  });
});

describe('renderTemplateListItem', () => {
  it('gives title link, facts, id and the twin and JSON links on one line', () => {
    const line = renderTemplateListItem(fixtureTemplate('webinar-kickoff'));
    expect(line).toBe(
      '[Webinar Kickoff](https://catalog.example.org/templates/webinar-kickoff): Event · Free · 20 s · 16:9. ID `tpl-9002`, [Markdown](https://catalog.example.org/templates/webinar-kickoff.md), [JSON](https://catalog.example.org/api/v1/templates/tpl-9002)',
    );
  });
});
