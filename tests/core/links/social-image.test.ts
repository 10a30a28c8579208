import { describe, expect, it } from 'vitest';
import { deriveSocialImage, hashSocialImage } from '../../../src/core/links/social-image-hash.ts';
import { parseSocialImagePath, toCurrentSocialImagePath, toSocialImagePath } from '../../../src/core/links/social-image.ts';
import { readConfig } from '../../../src/config/read-config.ts';
import { loadSiteCatalog } from '../../../src/site/load-site-catalog.ts';

const { valid } = loadSiteCatalog(readConfig({ SITE_URL: 'http://localhost:4321' }));
const [{ template, data }] = valid.entries as [(typeof valid.entries)[number]];

describe('deriveSocialImage', () => {
  it('names the image by a hash of its social SVG and the renderer, the same every time', () => {
    const image = deriveSocialImage(template, data.palette, 'resvg A');
    expect(image.path).toBe(toSocialImagePath(template.slug, hashSocialImage(image.svg, 'resvg A')));
    expect(image.path).toMatch(new RegExp(`^/social/${template.slug}\\.[0-9a-f]{12}\\.png$`));
    expect(deriveSocialImage({ ...template }, [...data.palette], 'resvg A')).toEqual(image);
  });

  it('moves the image to a new address when the title, the palette or the renderer changes', () => {
    const path = deriveSocialImage(template, data.palette, 'resvg A').path;
    const others = [
      deriveSocialImage({ ...template, title: `${template.title} II` }, data.palette, 'resvg A').path,
      deriveSocialImage(template, [...data.palette].reverse(), 'resvg A').path,
      deriveSocialImage(template, data.palette, 'resvg B').path,
    ];
    expect(new Set([path, ...others]).size).toBe(4);
    for (const other of others) expect(parseSocialImagePath(other)?.slug).toBe(template.slug);
  });
});

describe('parseSocialImagePath', () => {
  it('reads the hashed and the un-hashed address, and nothing a poster is named', () => {
    expect(parseSocialImagePath(toSocialImagePath('neon-launch', '0123456789ab'))).toEqual({ slug: 'neon-launch', hash: '0123456789ab' });
    expect(parseSocialImagePath(toCurrentSocialImagePath('neon-launch'))).toEqual({ slug: 'neon-launch' });
    for (const other of ['/posters/neon-launch.svg', '/posters/neon-launch.motion.svg', '/posters/neon-launch-1.svg', '/social/neon-launch.png', '/social/neon-launch.0123456789AB.png', '/social/neon-launch.0123.png', '/social/a/b.0123456789ab.png']) {
      expect(parseSocialImagePath(other), other).toBeUndefined();
    }
  });
});
