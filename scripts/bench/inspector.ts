import { readFileSync } from 'node:fs';

/**
 * Talks to a server started with `--inspect=127.0.0.1:0` over the V8 inspector protocol, so
 * the benchmark can force a GC and read the heap without the server growing a debug hook.
 */
export class HeapProbe {
  #ws: WebSocket;
  #id = 0;
  #pending = new Map<number, (result: Record<string, unknown>) => void>();

  private constructor(ws: WebSocket) {
    this.#ws = ws;
    ws.addEventListener('message', (ev) => {
      const msg = JSON.parse(String(ev.data)) as { id?: number; result?: Record<string, unknown> };
      if (msg.id !== undefined) this.#pending.get(msg.id)?.(msg.result ?? {});
    });
  }

  /**
   * Connects to the inspector address the process printed on stderr, or that wrangler's
   * inspector lists (it wants a loopback `Origin`, which Node's WebSocket sends when given).
   */
  static async connect(wsUrl: string, origin?: string): Promise<HeapProbe> {
    const ws = origin ? new WebSocket(wsUrl, { headers: { Origin: origin } } as unknown as string[]) : new WebSocket(wsUrl);
    await new Promise((resolve, reject) => {
      ws.addEventListener('open', resolve, { once: true });
      ws.addEventListener('error', reject, { once: true });
    });
    return new HeapProbe(ws);
  }

  #send(method: string): Promise<Record<string, unknown>> {
    const id = ++this.#id;
    this.#ws.send(JSON.stringify({ id, method }));
    return new Promise((resolve) => this.#pending.set(id, resolve));
  }

  /** Heap used after a full garbage collection, in bytes. */
  async heapAfterGc(): Promise<number> {
    await this.#send('HeapProfiler.collectGarbage');
    return Number((await this.#send('Runtime.getHeapUsage')).usedSize);
  }

  /** As heapKept, through `collectGarbage` (Node's inspector takes it; a snapshot of a large heap is slow to send). */
  async keptAfterGc(): Promise<number> {
    await this.#send('HeapProfiler.collectGarbage');
    const usage = await this.#send('Runtime.getHeapUsage');
    return Number(usage.usedSize) + Number(usage.backingStorageSize ?? 0);
  }

  /**
   * The memory an isolate keeps, in bytes: its V8 heap in use plus the array buffers outside it
   * (the index's typed arrays), after a full collection. workerd's inspector does not take
   * `collectGarbage`; a heap snapshot collects first, and its chunks are let go.
   */
  async heapKept(): Promise<number> {
    await this.#send('HeapProfiler.takeHeapSnapshot');
    const usage = await this.#send('Runtime.getHeapUsage');
    return Number(usage.usedSize) + Number(usage.backingStorageSize);
  }

  close(): void {
    this.#ws.close();
  }
}

/** Resident set size of a process in bytes (Linux /proc). */
export function readRss(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) * 1024;
}
