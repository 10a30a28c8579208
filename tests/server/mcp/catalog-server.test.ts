import { Server } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { CatalogServer } from '../../../src/server/mcp/catalog-server.ts';

type Hooks = { _wrapHandler: unknown; _onclose: unknown };

/** A CatalogServer that records which handlers the SDK asked it to wrap. */
class RecordingServer extends CatalogServer {
  // Set by the first hook call: the SDK registers its own handlers inside the constructor.
  declare wrapped: string[];
  protected override _wrapHandler(...args: Parameters<CatalogServer['_wrapHandler']>): ReturnType<CatalogServer['_wrapHandler']> {
    (this.wrapped ??= []).push(args[0]);
    return super._wrapHandler(...args);
  }
}

describe('CatalogServer', () => {
  it('overrides hooks the SDK still has (fails here, loudly, when an SDK upgrade drops them)', () => {
    const proto = Server.prototype as unknown as Hooks;
    expect(typeof proto._wrapHandler).toBe('function');
    expect(typeof proto._onclose).toBe('function');
  });

  it('is asked by the SDK to wrap every request handler it registers', () => {
    const server = new RecordingServer({ name: 'test', version: '1.0.0' }, { capabilities: { tools: {} } });
    server.setRequestHandler('tools/list', () => ({ tools: [] }));
    server.setRequestHandler('tools/call', () => ({ content: [] }));
    expect(server.wrapped.slice(-2)).toEqual(['tools/list', 'tools/call']);
  });
});
