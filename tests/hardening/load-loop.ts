/** One request of a load loop: when it started, and how it ended. */
export interface LoadResult {
  label: string;
  /** Milliseconds after the loop started. */
  at: number;
  ms: number;
  status?: number;
  /** The body parsed and checked by the caller's `send`; false when it was cut short. */
  complete?: boolean;
  /** The connection failed: its code (ECONNREFUSED, ECONNRESET, ...) or message. */
  error?: string;
}

/** What one request of the loop does; resolves with its status and whether its body was whole. */
export type LoadSend = (i: number) => { label: string; run: () => Promise<{ status: number; complete: boolean }> };

/**
 * Fires one request every `everyMs` (without waiting for earlier ones, so a slow answer never
 * slows the loop) until `until()` says stop, then waits for every request to end.
 */
export async function runLoadLoop(everyMs: number, until: () => boolean, send: LoadSend): Promise<LoadResult[]> {
  const started = performance.now();
  const pending: Promise<LoadResult>[] = [];
  for (let i = 0; !until(); i++) {
    const { label, run } = send(i);
    const at = performance.now() - started;
    pending.push(
      run().then(
        ({ status, complete }) => ({ label, at, ms: performance.now() - started - at, status, complete }),
        (err: unknown) => ({ label, at, ms: performance.now() - started - at, error: describeError(err) }),
      ),
    );
    await new Promise((r) => setTimeout(r, everyMs));
  }
  return Promise.all(pending);
}

/** The innermost code or message of a fetch/socket failure. */
export function describeError(err: unknown): string {
  let e = err as { code?: string; message?: string; cause?: unknown } | undefined;
  while (e?.cause) e = e.cause as typeof e;
  return e?.code ?? e?.message ?? String(err);
}
