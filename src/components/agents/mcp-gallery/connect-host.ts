/**
 * The App side of the MCP Apps protocol (io.modelcontextprotocol/ui, ext-apps' spec) over
 * postMessage to the host's window: JSON-RPC 2.0 requests with replies, the host's
 * notifications, `ui/initialize` then `ui/notifications/initialized`, and the frame's size as it
 * changes. ext-apps' App class does the same with zod and the MCP SDK inside (~600 KB
 * minified); the gallery needs four messages, so it speaks them itself.
 */

/** The protocol version the gallery was written against (ext-apps' LATEST_PROTOCOL_VERSION). */
export const UI_PROTOCOL_VERSION = '2026-01-26';

type Params = Record<string, unknown>;
interface Message { jsonrpc: '2.0'; id?: number | string; method?: string; params?: Params; result?: unknown; error?: { code: number; message: string } }

/** A connection to the host: requests, and what the host said at start. */
export interface HostLink {
  request<T = Params>(method: string, params: Params): Promise<T>;
  /** The host's `hostContext` from its initialize answer (tool info, theme…). */
  context(): Params;
}

/**
 * Connects to the host window `host` (the frame's parent), with `handlers` for the host's
 * notifications by method (in place before the host may send any), and returns once the
 * host answered `ui/initialize`.
 */
export async function connectHost(host: Window, appInfo: { name: string; version: string }, handlers: Record<string, (params: Params) => void>): Promise<HostLink> {
  const pending = new Map<number | string, { resolve(v: unknown): void; reject(e: Error): void }>();
  let nextId = 1;
  let hostContext: Params = {};
  const post = (message: Message) => host.postMessage(message, '*');

  window.addEventListener('message', (event: MessageEvent<Message>) => {
    const m = event.data;
    if (event.source !== host || m?.jsonrpc !== '2.0') return;
    if (m.method === undefined && m.id !== undefined) {
      const waiter = pending.get(m.id);
      pending.delete(m.id);
      if (m.error) waiter?.reject(new Error(m.error.message));
      else waiter?.resolve(m.result);
    } else if (m.method && m.id !== undefined) {
      // Requests from the host: ping and teardown are answered; the gallery offers nothing else.
      const known = m.method === 'ping' || m.method === 'ui/resource-teardown';
      post(known ? { jsonrpc: '2.0', id: m.id, result: {} } : { jsonrpc: '2.0', id: m.id, error: { code: -32601, message: `Method not found: ${m.method}` } });
    } else if (m.method) {
      if (m.method === 'ui/notifications/host-context-changed') hostContext = { ...hostContext, ...m.params };
      if (Object.hasOwn(handlers, m.method)) handlers[m.method]!(m.params ?? {});
    }
  });

  const request = <T>(method: string, params: Params) =>
    new Promise<T>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      post({ jsonrpc: '2.0', id, method, params });
    });

  const answer = await request<{ hostContext?: Params }>('ui/initialize', { appInfo, appCapabilities: {}, protocolVersion: UI_PROTOCOL_VERSION });
  hostContext = answer?.hostContext ?? {};
  post({ jsonrpc: '2.0', method: 'ui/notifications/initialized', params: {} });
  reportSize(post);
  return { request, context: () => hostContext };
}

/** Tells the host the document's size whenever it changes, so the frame shows all of it (as App's autoResize does). */
function reportSize(post: (m: Message) => void): void {
  let width = 0;
  let height = 0;
  const measure = () => {
    const root = document.documentElement;
    const before = root.style.height;
    root.style.height = 'max-content';
    const h = Math.ceil(root.getBoundingClientRect().height);
    root.style.height = before;
    const w = Math.ceil(window.innerWidth);
    if (w === width && h === height) return;
    [width, height] = [w, h];
    post({ jsonrpc: '2.0', method: 'ui/notifications/size-changed', params: { width, height } });
  };
  const observer = new ResizeObserver(() => requestAnimationFrame(measure));
  observer.observe(document.documentElement);
  observer.observe(document.body);
}
