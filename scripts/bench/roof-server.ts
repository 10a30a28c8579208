/**
 * The roof: a bare node:http server that answers every request with the exact bytes and
 * headers our server gave for the same request. Usage: node roof-server.ts <capture.json>
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Capture } from './capture.ts';

const capture = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Capture;
const body = Buffer.from(capture.body, 'base64');
const server = createServer((req, res) => {
  req.resume(); // drain POST bodies (MCP) the way a real server must
  req.on('end', () => {
    res.writeHead(capture.status, capture.headers);
    res.end(body);
  });
});
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as { port: number };
  console.log(JSON.stringify({ msg: 'listening', url: `http://127.0.0.1:${port}` }));
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
