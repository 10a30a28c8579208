import { describe, expect, it } from 'vitest';
import { boundMcpMessage, chargeEach } from '../../../src/http/mcp/bound-mcp-message.ts';

describe('chargeEach', () => {
  it('stops counting at the first refusal', async () => {
    let counted = 0;
    const charge = chargeEach(async () => ({ limit: 3, allowed: ++counted <= 3, remaining: Math.max(3 - counted, 0), resetMs: 1000 }));
    expect((await charge(10_000)).allowed).toBe(false);
    expect(counted).toBe(4);
  });
});

describe('boundMcpMessage', () => {
  it('lets a message within the bounds through, uncharged when single', async () => {
    let charged = 0;
    const refusal = await boundMcpMessage({ jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri: 'x'.repeat(1000) } }, async (n) => ((charged += n), { limit: 1, allowed: true }));
    expect(refusal).toBeUndefined();
    expect(charged).toBe(0);
  });

  it('charges a batch for every message but the first', async () => {
    let charged = 0;
    await boundMcpMessage([{}, {}, {}], async (n) => ((charged += n), { limit: 1, allowed: true }));
    expect(charged).toBe(2);
  });
});
