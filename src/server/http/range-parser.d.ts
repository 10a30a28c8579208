/** range-parser ships no types (and @types/range-parser is not a dependency); the part we call. */
declare module 'range-parser' {
  interface Ranges extends Array<{ start: number; end: number }> {
    type: string;
  }
  /** -1: unsatisfiable, -2: malformed. */
  function parseRange(size: number, header: string, options?: { combine?: boolean }): Ranges | -1 | -2;
  export default parseRange;
}
