import { createServer, type Server } from 'node:http';
import { logNow } from './log.ts';

/**
 * The /metrics listener (METRICS_PORT): its own port, so the public port never exposes it and
 * a firewall or a Kubernetes port list decides who scrapes. Answers GET /metrics only.
 */
export async function startMetricsServer(host: string, port: number): Promise<Server> {
  // prom-client (~30 ms to import) is loaded only when metrics are wanted.
  const registry = (await import('./metrics-export.ts')).createMetricsRegistry();
  const server = createServer(async (req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, ['Content-Type', 'text/plain; charset=utf-8']);
      res.end('Only GET /metrics here.\n');
      return;
    }
    try {
      const body = await registry.metrics();
      res.writeHead(200, ['Content-Type', registry.contentType, 'Cache-Control', 'no-store']);
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch (err) {
      res.writeHead(500, ['Content-Type', 'text/plain; charset=utf-8']);
      res.end('metrics collection failed\n');
      logNow({ msg: 'metrics collection failed', error: String(err) });
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      resolve(server);
    });
  });
}
