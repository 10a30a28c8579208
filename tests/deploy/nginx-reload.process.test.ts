import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { hasNginx, reloadNginx, startNginx, type NginxSettings, type RunningNginx } from '../../scripts/lib/nginx.ts';
import { readConfig } from '../../src/config/read-config.ts';
import { describeNeeding } from '../helpers/describe-needing.ts';
import { sleep } from '../helpers/wait-for.ts';

const MISSING = 'nginx or envsubst is not installed: install nginx-light and gettext-base (.ci/run does).';

// docs/deploying.md: nginx started with `-c` (and `-p`), reloaded with `nginx -s reload` naming the
// same configuration, where no systemd runs it.
describeNeeding('nginx and envsubst', hasNginx(), MISSING, 'nginx -s reload as documented', () => {
  const work = mkdtempSync(join(tmpdir(), 'nginx-reload-'));
  const config = readConfig({ SITE_URL: 'http://localhost:4321' });
  let nginx: RunningNginx;
  let settings: NginxSettings;

  beforeAll(async () => {
    const given = { CATALOG_ROOT: join(inject('distDir'), 'client'), CATALOG_FUNCTION: 'http://127.0.0.1:9', CATALOG_SITE_URL: config.SITE_URL, CATALOG_MEDIA_URL: config.MEDIA_URL, CATALOG_STUDIO_URL: config.STUDIO_URL };
    nginx = await startNginx(join(work, 'run'), given);
    settings = { ...given, CATALOG_LISTEN: new URL(nginx.url).host };
  });
  afterAll(async () => {
    await nginx?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it('serves the new configuration after nginx -s reload -c, without a restart', async () => {
    const before = await fetch(`${nginx.url}/docs`, { headers: { Accept: 'text/html' } });
    expect(before.headers.get('link')).toContain(`<${config.SITE_URL}/docs.md>`);
    reloadNginx(join(work, 'run'), { ...settings, CATALOG_SITE_URL: 'https://reloaded.example.com' });
    let link = '';
    for (let i = 0; i < 40 && !link.includes('reloaded.example.com'); i++) {
      await sleep(100);
      link = (await fetch(`${nginx.url}/docs`, { headers: { Accept: 'text/html' } })).headers.get('link') ?? '';
    }
    expect(link).toContain('<https://reloaded.example.com/docs.md>');
  });
});
