import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { serveFixture, type FixtureRoute } from '../packages/archiver/test/support/fixture-site.js';
import { generatedSite } from './site-gen.js';
const routes = generatedSite(2000, 5000, 10000);
const served: Record<string, FixtureRoute> = {};
for (const [path, route] of Object.entries(routes)) {
  const body = Buffer.from(route.body ?? '');
  const etag = `"${createHash('sha256').update(body).digest('hex').slice(0, 20)}"`;
  served[path] = { handle: (req, res) => { if (req.headers['if-none-match'] === etag) return void res.writeHead(304, { etag }).end(); res.writeHead(200, { 'content-type': route.type ?? 'text/html; charset=utf-8', etag }).end(body); } };
}
const server = await serveFixture(served, { latencyMs: 20 });
const bin = new URL('../packages/archiver/bin/sitezip.js', import.meta.url).pathname;
const common = [server.url, '--full', '--max-depth', '100', '--render', 'never', '-q'];
const env = { ...process.env, SITEZIP_ALLOW_PRIVATE_NETWORKS: '1' };
const { spawn } = await import('node:child_process');
const run = (args: string[]) => new Promise<void>((ok) => { const c = spawn(process.execPath, args, { env, stdio: 'inherit' }); c.on('close', () => ok()); });
await run([bin, ...common, '-o', '/tmp/zzprof/first.zip']);
await run(['--cpu-prof', '--cpu-prof-dir', '/tmp/zzprof', bin, ...common, '--update', '/tmp/zzprof/first.zip', '-o', '/tmp/zzprof/second.zip']);
await server.close();
void spawnSync;
