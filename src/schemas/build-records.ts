import { z } from 'zod';

/**
 * Header lines of the publish's own record files (src/publish/line-records.ts): a build's
 * manifest and the reuse cache. The records under them are checked line by line by their
 * readers (a zod parse per record cost more than the rest of reading a 1,000,000-line file).
 */
export const MANIFEST_FORMAT = 'tcs-build-manifest/1';
export const manifestHeaderSchema = z.object({ format: z.literal(MANIFEST_FORMAT), build: z.string().min(1) });
