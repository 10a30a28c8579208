import { describe, expect, it } from 'vitest';
import { typeOfFile } from '../../../src/contracts/published/file-types.ts';
import { TAIL_FILE_TYPES } from '../../../src/http/tail/answer-tail.ts';
import { resolveContentType } from '../../../src/contracts/published/file-types.ts';

describe('the tail file types', () => {
  it('type each kind of tail file as typeOfFile (mrmime) does, without its table', () => {
    const names = { page: '/templates/x.html', twin: '/templates/x.md', poster: '/posters/x.svg', motion: '/posters/x.motion.svg', social: '/social/x.0123456789ab.png' } as const;
    for (const [kind, path] of Object.entries(names)) expect(resolveContentType(TAIL_FILE_TYPES[kind as keyof typeof names], path), kind).toBe(typeOfFile(path));
  });
});
