import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { isCompressedSibling } from '../../src/contracts/published/compressed-siblings.ts';
import { toServedPath } from '../../src/publish/served-path.ts';
import { listFiles } from '../../src/publish/scan-files.ts';
import { createStaticFiles } from '../../src/server/pages/static-files.ts';
import { writeWebResponse } from '../../src/function/node-adapter.ts';

/** The server's static file resolution alone, over a folder, behind a loopback port. */
async function serveFolder(dir: string): Promise<{ url: string; server: Server }> {
  const files = createStaticFiles(dir, { csp: "default-src 'self'", tagHeaders: () => [], assetSources: () => [] });
  const server = createServer((req, res) => {
    void Promise.resolve(files.answer(req.method ?? 'GET', req.headers, new URL(req.url!, 'http://x').pathname)).then((found) => {
      if (!found) return void res.writeHead(404).end();
      void writeWebResponse(res, found);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** GET without decoding (fetch would undo the Content-Encoding): status and the bytes as sent. */
function getRaw(url: string, encoding: string): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': encoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

async function expectServedAsItself(url: string, dir: string, file: string, encoding = 'identity'): Promise<void> {
  const original = isCompressedSibling(file) ? file.slice(0, -3) : file;
  const res = await getRaw(url + toServedPath(original), encoding);
  expect(res.status, file).toBe(200);
  expect(res.body.equals(readFileSync(join(dir, file))), file).toBe(true);
}

const scratch = mkdtempSync(join(tmpdir(), 'served-path-'));
const servers: Server[] = [];
afterAll(() => {
  for (const s of servers) s.close();
  rmSync(scratch, { recursive: true, force: true });
});

describe('toServedPath agrees with the static file server', () => {
  it('for every file of the built site: its address serves exactly its bytes, siblings by encoding', async () => {
    const client = join(inject('distDir'), 'client');
    const { url, server } = await serveFolder(client);
    servers.push(server);
    const files = listFiles(client);
    expect(files.length).toBeGreaterThan(300);
    for (const file of files) {
      if (toServedPath(file) === null) continue; // the static hosts' _headers and _redirects
      const encoding = file.endsWith('.br') ? 'br' : file.endsWith('.gz') ? 'gzip' : 'identity';
      await expectServedAsItself(url, client, file, encoding);
    }
  });

  it('for names a build could hold: spaces, non-ASCII, nested index pages, extension-less files', async () => {
    const names = ['a b.html', 'posters/café.svg', 'guides/index.html', 'index.html', 'data/x', 'deep/er/page.md'];
    for (const name of names) {
      mkdirSync(join(scratch, name, '..'), { recursive: true });
      writeFileSync(join(scratch, name), `<p>${name}</p>`);
    }
    const { url, server } = await serveFolder(scratch);
    servers.push(server);
    for (const name of names) await expectServedAsItself(url, scratch, name);
  });
});
