import { describe, expect, it } from 'vitest';
import { readNodeHeaders, toNativeHeaders } from '../../src/function/node-headers.ts';

// Raw header lines as Node's IncomingMessage.rawHeaders gives them: names as sent, repeats kept.
const RAW = ['Host', 'example.com', 'Accept', 'text/html', 'X-Request-Id', 'abc', 'accept', 'application/json', 'Set-Cookie', 'a=1', 'set-cookie', 'b=2'];

const real = () => {
  const headers = new Headers();
  for (let i = 0; i < RAW.length; i += 2) headers.append(RAW[i]!, RAW[i + 1]!);
  return headers;
};

describe('readNodeHeaders', () => {
  it('reads one header as a Headers would, in any case, repeats joined', () => {
    const headers = readNodeHeaders(RAW);
    for (const name of ['accept', 'ACCEPT', 'x-request-id', 'host', 'set-cookie', 'if-none-match']) expect(headers.get(name)).toBe(real().get(name));
    expect([headers.has('Accept'), headers.has('etag')]).toEqual([true, false]);
    expect(headers).toBeInstanceOf(Headers);
  });

  it('lists, copies and changes as a Headers does', () => {
    const headers = readNodeHeaders(RAW);
    expect([...headers]).toEqual([...real()]);
    expect([...new Headers(headers)]).toEqual([...real()]);
    expect(headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    headers.set('accept', 'text/plain');
    expect(headers.get('accept')).toBe('text/plain');
    expect(toNativeHeaders(headers).get('accept')).toBe('text/plain');
  });
});
