import { z } from 'zod';

/** Served paths (`/templates/x`, `/api/v1/templates/tpl-1`, `/_astro/a.css`), sorted, without `.br`/`.gz` siblings. */
const pathListSchema = z.array(z.string().startsWith('/'));
/** Template ids, sorted. */
const idListSchema = z.array(z.string().min(1));

/**
 * `changes.json`, written by every publish beside the build it describes
 * (`{DIST_DIR}.builds/<build-id>/changes.json`, never served): what this build changed against
 * the build served before it. The CDN purge reads it; an incremental build is checked against it.
 * Paths are the addresses a client asks for, so a CDN can purge them as they are.
 */
export const changeListSchema = z.object({
  version: z.literal(1),
  /** The build this list describes. */
  build: z.string().min(1),
  /**
   * The build it was compared with; null when there was none to compare with (a first publish,
   * or a previous build that could not be read): then everything counts as added, and a purge
   * must clear everything.
   */
  previous: z.string().min(1).nullable(),
  /** How the build was made: from scratch, or reusing the previous build's unchanged work. */
  mode: z.enum(['full', 'incremental']),
  paths: z.object({ changed: pathListSchema, added: pathListSchema, removed: pathListSchema }),
  templates: z.object({ changed: idListSchema, added: idListSchema, removed: idListSchema }),
});
export type ChangeList = z.infer<typeof changeListSchema>;

/** The file name of a build's change list, inside its build folder. */
export const CHANGE_LIST_FILE = 'changes.json';
