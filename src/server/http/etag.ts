/** The validators live in the shared HTTP layer (src/http), one implementation for the origin and the function. */
export { computeEtag, toCodedEtag } from '../../http/etag.ts';
