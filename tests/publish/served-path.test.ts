import { describe, expect, it } from 'vitest';
import { isHiddenPath, toServedPath } from '../../src/publish/served-path.ts';

describe('toServedPath', () => {
  it('serves pages without their .html, the home page at /', () => {
    expect(toServedPath('index.html')).toBe('/');
    expect(toServedPath('templates/neon-launch.html')).toBe('/templates/neon-launch');
    expect(toServedPath('docs.html')).toBe('/docs');
    expect(toServedPath('guides/index.html')).toBe('/guides');
  });

  it('serves every other file under its own name, extension-less API JSON included', () => {
    expect(toServedPath('index.md')).toBe('/index.md');
    expect(toServedPath('templates/neon-launch.md')).toBe('/templates/neon-launch.md');
    expect(toServedPath('api/v1/templates/tpl-1001')).toBe('/api/v1/templates/tpl-1001');
    expect(toServedPath('.well-known/security.txt')).toBe('/.well-known/security.txt');
    expect(toServedPath('_astro/BaseLayout.DVGh9blE.css')).toBe('/_astro/BaseLayout.DVGh9blE.css');
    expect(toServedPath('backup.tar.gz')).toBe('/backup.tar.gz');
  });

  it('percent-encodes what a request line must encode', () => {
    expect(toServedPath('posters/café menu.svg')).toBe('/posters/caf%C3%A9%20menu.svg');
  });

  it('names no address for hidden files or names a request path cannot carry', () => {
    expect(toServedPath('.env')).toBeNull();
    expect(toServedPath('data/.cache/x.json')).toBeNull();
    expect(toServedPath('what?.html')).toBeNull();
  });
});

describe('isHiddenPath', () => {
  it('hides dot-segments except /.well-known', () => {
    expect(isHiddenPath('/.env')).toBe(true);
    expect(isHiddenPath('/a/../b')).toBe(true);
    expect(isHiddenPath('/.well-knownx/a')).toBe(true);
    expect(isHiddenPath('/.well-known/security.txt')).toBe(false);
    expect(isHiddenPath('/.well-known')).toBe(false);
    expect(isHiddenPath('/templates/a.b.html')).toBe(false);
  });
});
