import { z } from 'zod';

/**
 * Header lines of the publish's own record files (src/publish/line-records.ts): a build's
 * manifest (its head and its segments), the reuse cache and the record of validated files. The
 * records under them are checked line by line by their readers (a zod parse per record cost more
 * than the rest of reading a 1,000,000-line file).
 */
export const MANIFEST_FORMAT = 'tcs-build-manifest/2';
/** The manifest's head: whose it is and how many segments it is cut into. */
export const manifestHeaderSchema = z.object({ format: z.literal(MANIFEST_FORMAT), build: z.string().min(1), segments: z.int().min(1) });

export const MANIFEST_SEGMENT_FORMAT = 'tcs-manifest-segment/1';
/** A segment names no build: an unchanged one is the same file in every build that shares it. */
export const manifestSegmentHeaderSchema = z.object({
  format: z.literal(MANIFEST_SEGMENT_FORMAT),
  segment: z.int().min(0),
  of: z.int().min(1),
  digest: z.string().min(1),
});

export const REUSE_CACHE_FORMAT = 'tcs-reuse-cache/2';
/** The reuse cache's header: whose cache it is, which build it names, and that build's inputs. */
export const reuseCacheHeaderSchema = z.object({
  format: z.literal(REUSE_CACHE_FORMAT),
  /** Absolute path of the catalog folder the build was made from. */
  catalogDir: z.string().min(1),
  /** Absolute path of the builds folder the cache sits in. */
  buildsDir: z.string().min(1),
  build: z.string().min(1),
  inputs: z.object({ code: z.string().min(1), config: z.record(z.string(), z.string()) }),
});

export const VALIDATED_FILES_FORMAT = 'tcs-validated-files/4';
/** The record of validated catalog files: the fingerprint of the code that validated them. */
export const validatedFilesHeaderSchema = z.object({ format: z.literal(VALIDATED_FILES_FORMAT), key: z.string().min(1) });
