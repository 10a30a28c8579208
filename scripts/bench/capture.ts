import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { RequestSpec } from './load.ts';

/** One recorded answer: what the roof server replays. */
export interface Capture {
  status: number;
  headers: Record<string, string>;
  body: string; // base64
}

// Headers node:http sets itself; replaying them would duplicate or contradict its own.
const HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'date', 'content-length']);

/** Fetches `spec` once from `base` and records the answer byte for byte. */
export async function captureAnswer(base: string, spec: RequestSpec): Promise<Capture> {
  const res = await fetch(base + spec.path, { method: spec.method ?? 'GET', headers: spec.headers, body: spec.body });
  const headers: Record<string, string> = {};
  res.headers.forEach((v, k) => {
    if (!HOP.has(k)) headers[k] = v;
  });
  return { status: res.status, headers, body: Buffer.from(await res.arrayBuffer()).toString('base64') };
}

/** Starts the roof server for a capture in its own process; resolves with its URL and a stop function. */
export async function startRoof(capture: Capture): Promise<{ url: string; stop: () => void }> {
  const file = join(tmpdir(), `roof-${process.pid}-${Date.now()}.json`);
  writeFileSync(file, JSON.stringify(capture));
  const child = spawn(process.execPath, [join(import.meta.dirname, 'roof-server.ts'), file], { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve) => createInterface({ input: child.stdout }).once('line', resolve));
  return { url: (JSON.parse(line) as { url: string }).url, stop: () => child.kill('SIGTERM') };
}
