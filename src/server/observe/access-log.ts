import { destination, isoTime, logger } from './log.ts';
import type { SearchNote } from '../../core/search/search-note.ts';


/** What one request line says, beside the level, time and build every line carries. */
export interface AccessEntry {
  method: string | undefined;
  path: string;
  status: number;
  ms: number;
  ip: string;
  bytes: number;
  requestId: string;
  /** The client went away before the answer was complete. */
  aborted: boolean;
  /** A search's total and the words no template matched (plain words only: search-note.ts). */
  search?: SearchNote | undefined;
}

/** Writes one request line for one build. */
export type AccessLogger = (entry: AccessEntry) => void;

/**
 * The request line writer for the build `buildId`, or undefined when LOG_LEVEL is above info.
 * The line is exactly what pino's `logger.child({ build }).info({ msg: 'request', ... })` would
 * write, assembled by hand because this runs for every request: pino's generic serializer
 * takes 1.1 µs a line against 0.5 µs, each with its write (BENCHMARKS.md, ops), on a get-one
 * of ~30 µs. The line is made later, with its batch (writeLater). Only the path, which the
 * client controls, goes through JSON.stringify: the method is an HTTP token, the address
 * passed isIP, and the request id was checked for characters JSON would escape.
 */
export function createAccessLogger(buildId: string): AccessLogger | undefined {
  if (!logger.isLevelEnabled('info')) return undefined;
  const head = `,"build":${JSON.stringify(buildId)},"msg":"request","method":"`;
  const format = (e: AccessEntry, time: string) =>
    `{"level":"info"${time}${head}${e.method}","path":${JSON.stringify(e.path)},"status":${e.status},"ms":${e.ms},"ip":"${e.ip}","bytes":${e.bytes},"requestId":"${e.requestId}"${e.aborted ? ',"aborted":true' : ''}${e.search ? `,"search":${JSON.stringify(e.search)}` : ''}}\n`;
  return (e) => destination.writeLater(format, e, isoTime());
}
