import { HTMLRewriter as LolHtml } from 'html-rewriter-wasm';
import type { Handle, Rewriter } from './html-rewrite.ts';

/**
 * workerd's HTMLRewriter on Node: the same lol-html engine, compiled to WebAssembly
 * (html-rewriter-wasm), behind the part of workerd's interface the function uses, so one fill
 * of the prerendered markup serves both runtimes. The document is rewritten whole (the pages
 * are small) and the engine's memory freed at once.
 */
export class WasmHtmlRewriter implements Rewriter {
  readonly #handlers: [string, { element: Handle }][] = [];

  on(selector: string, handlers: { element: Handle }): this {
    this.#handlers.push([selector, handlers]);
    return this;
  }

  transform(response: Response): Response {
    const handlers = this.#handlers;
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        const input = new Uint8Array(await response.arrayBuffer());
        // The engine may reuse a chunk's memory once the sink returns: each is copied.
        const rewriter = new LolHtml((chunk) => controller.enqueue(chunk.slice()));
        try {
          for (const [selector, handler] of handlers) rewriter.on(selector, handler as Parameters<LolHtml['on']>[1]);
          await rewriter.write(input);
          await rewriter.end();
          controller.close();
        } catch (err) {
          controller.error(err);
        } finally {
          rewriter.free();
        }
      },
    });
    return new Response(body, { status: response.status, headers: response.headers });
  }
}
