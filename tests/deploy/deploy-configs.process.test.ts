import { spawnSync } from 'node:child_process';
import { expect, it } from 'vitest';
import { HAPROXY_FILE, VCL_FILE } from '../../scripts/lib/stack.ts';
import { describeWithStackTools } from '../helpers/stack-tools.ts';

describeWithStackTools('deploy/ configs', () => {
  it('compiles the VCL with varnishd -C (xkey and std imported, the site file included)', () => {
    const run = spawnSync('varnishd', ['-C', '-f', VCL_FILE], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    expect(run.status, run.stderr.split('\n').filter((l) => /error|cannot|expected|unknown/i.test(l) && !l.startsWith('#')).join('\n')).toBe(0);
    expect(run.stderr).toContain('libvmod_xkey.so'); // the C it compiled to loads the module
  });

  it.each([
    ['two instances', {}],
    ['four instances', { CATALOG_APP3: '127.0.0.1:4403', CATALOG_APP4: '127.0.0.1:4404' }],
  ])('passes haproxy -c with %s', (_what, env) => {
    const run = spawnSync('haproxy', ['-c', '-f', HAPROXY_FILE], { encoding: 'utf8', env: { ...process.env, ...env } });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('Configuration file is valid');
  });
});
