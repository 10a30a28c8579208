import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/core/api-error.ts';
import { createStudioLink } from '../../../src/core/operations/create-studio-link.ts';
import { getTemplate } from '../../../src/core/operations/get-template.ts';
import { loadSampleCatalog } from '../../helpers/sample-catalog.ts';

const catalog = loadSampleCatalog();
const studio = 'https://studio.example.com';
const sample = catalog.templates[0]!;

function errorOf(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error('expected an ApiError');
}

describe('getTemplate', () => {
  it('finds a template by id and by slug alike', () => {
    expect(getTemplate(catalog, sample.id).template).toBe(getTemplate(catalog, sample.slug).template);
  });

  it('names the nearest templates when nothing matches', () => {
    const err = errorOf(() => getTemplate(catalog, `${sample.slug}x`));
    expect(err.code).toBe('template_not_found');
    expect(err.status).toBe(404);
    expect(err.message).toContain(sample.id);
  });
});

describe('createStudioLink', () => {
  it('answers the canonical id and the normalized site when asked by slug', () => {
    const link = createStudioLink(catalog, { template: sample.slug, site: ' https://www.Acme.com/about ', format: '9:16' }, studio);
    expect(link).toEqual({
      apiVersion: 'v1',
      template: sample.id,
      site: 'www.acme.com',
      url: `${studio}/new?template=${sample.id}&site=www.acme.com&format=9%3A16`,
    });
  });

  it('gives site null and the plain studio URL without a site', () => {
    const link = createStudioLink(catalog, { template: sample.id }, studio);
    expect(link.site).toBeNull();
    expect(link.url).toBe(sample.studioUrl);
  });

  it('rejects a site that is not a domain name with invalid_site', () => {
    const err = errorOf(() => createStudioLink(catalog, { template: sample.id, site: '127.0.0.1' }, studio));
    expect(err.toBody()).toMatchObject({ error: 'invalid_site' });
    expect(err.status).toBe(400);
  });

  it('reports an unknown template before looking at the site', () => {
    expect(errorOf(() => createStudioLink(catalog, { template: 'nope', site: 'localhost' }, studio)).code).toBe('template_not_found');
  });
});
