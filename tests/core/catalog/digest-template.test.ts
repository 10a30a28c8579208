import { describe, expect, it, vi } from 'vitest';
import { digestTemplate, digestText } from '../../../src/core/catalog/digest-template.ts';
import { readRepositoryInput } from '../../helpers/catalog-inputs.ts';

describe('digestTemplate', () => {
  const template = readRepositoryInput().templates[0]!;

  it('is the SHA-1 of the template as JSON, as published build records hold it', () => {
    expect(digestTemplate(template)).toBe(digestText(JSON.stringify(template)));
    expect(digestTemplate({ id: 'x' })).toBe('Ja1Wte_Vz2xgL-uaOClB05AUYhs');
  });

  it('digests a template once per process, however many copies of the module a build loads', async () => {
    // A build loads the module in the Astro config and again in the prerender bundle: a second instance here.
    const secondCopy = '../../../src/core/catalog/digest-template.ts?copy';
    const copy = (await import(/* @vite-ignore */ secondCopy)) as typeof import('../../../src/core/catalog/digest-template.ts');
    expect(copy.digestTemplate).not.toBe(digestTemplate);
    const fresh = { ...template };
    const stringify = vi.spyOn(JSON, 'stringify');
    try {
      expect(copy.digestTemplate(fresh)).toBe(digestTemplate(fresh));
      expect(stringify).toHaveBeenCalledTimes(1);
    } finally {
      stringify.mockRestore();
    }
  });
});
