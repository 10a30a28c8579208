import { execFileSync } from 'node:child_process';
import { closeSync, createReadStream, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BatchedStdout } from '../../../src/server/observe/log-destination.ts';

const scratch = mkdtempSync(join(tmpdir(), 'log-destination-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('BatchedStdout', () => {
  it('writes every line, in order, once flushed', async () => {
    const file = join(scratch, 'out.log');
    const fd = openSync(file, 'w');
    const out = new BatchedStdout(fd);
    const lines = Array.from({ length: 5000 }, (_, i) => `{"n":${i},"path":"/caf\u00e9/${'x'.repeat(i % 90)}"}\n`);
    for (const line of lines) out.write(line);
    await new Promise<void>((resolve) => out.flush(resolve));
    closeSync(fd);
    expect(readFileSync(file, 'utf8')).toBe(lines.join(''));
  });

  it('makes deferred lines in their place among written ones', async () => {
    const file = join(scratch, 'mixed.log');
    const fd = openSync(file, 'w');
    const out = new BatchedStdout(fd);
    const format = (n: number, time: string) => `{"n":${n}${time}}\n`;
    const expected: string[] = [];
    for (let n = 0; n < 3000; n++) {
      if (n % 7 === 0) {
        out.write(`{"event":${n}}\n`);
        expected.push(`{"event":${n}}\n`);
      }
      out.writeLater(format, n, `,"time":"t${n}"`);
      expected.push(format(n, `,"time":"t${n}"`));
    }
    await new Promise<void>((resolve) => out.flush(resolve));
    out.writeLater(format, -1, '');
    out.flushSync(); // the exit path makes what is still deferred
    closeSync(fd);
    expect(readFileSync(file, 'utf8')).toBe([...expected, format(-1, '')].join(''));
  });

  it('drops lines past 16 MB unwritten (a reader that stopped) and says how many once it reads again', async () => {
    const fifo = join(scratch, 'stalled');
    execFileSync('mkfifo', [fifo]);
    const fd = openSync(fifo, 'r+'); // read-write: opening does not wait for a reader
    const out = new BatchedStdout(fd);
    const line = `${JSON.stringify({ msg: 'request', pad: 'x'.repeat(1000) })}\n`;
    let accepted = 0;
    for (let i = 0; i < 20_000; i++) if (out.write(line)) accepted++;
    expect(accepted).toBeLessThan(20_000);
    expect(out.dropped).toBe(20_000 - accepted);
    // The reader comes back: everything accepted arrives, then the warning.
    const reader = createReadStream(fifo);
    const chunks: string[] = [];
    let tail = '';
    await new Promise<void>((resolve) => {
      reader.on('data', (chunk) => {
        chunks.push(chunk.toString());
        // Only the end is searched: the whole 16 MB text, searched at each chunk, took seconds.
        tail = (tail + chunks.at(-1)!).slice(-4096);
        if (tail.includes('log lines dropped')) resolve();
      });
    });
    reader.destroy();
    closeSync(fd);
    const received = chunks.join('').trimEnd().split('\n');
    expect(received.length).toBe(accepted + 1);
    expect(JSON.parse(received.at(-1)!)).toMatchObject({ level: 'warn', msg: 'log lines dropped: stdout was not read fast enough', dropped: 20_000 - accepted });
  });
});
