import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG_1PX, serveFixture, TLS_CERT_PATH, type FixtureSite } from './support/fixture-site.js';
import { readZip } from './support/read-zip.js';

// The command as npm installs it (bin/sitezip, run through a link in node_modules/.bin).
const launcher = fileURLToPath(new URL('../bin/sitezip', import.meta.url));
const routes = { '/': { body: '<title>Launcher</title><img src="a.png">' }, '/a.png': { type: 'image/png', body: PNG_1PX } };

let dir: string;
let linked: string;
const sites: FixtureSite[] = [];
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sitezip-launcher-'));
  linked = join(dir, 'sitezip');
  await symlink(launcher, linked);
  sites.push(await serveFixture(routes), await serveFixture(routes, { tls: true }), await serveFixture(routes, { h2: true }));
});
afterAll(async () => {
  await Promise.all(sites.map((site) => site.close()));
  await rm(dir, { recursive: true, force: true });
});

function launch(args: string[], extraCa: string, more: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = { ...process.env, SITEZIP_ALLOW_PRIVATE_NETWORKS: '1', NODE_EXTRA_CA_CERTS: extraCa, ...more };
  return new Promise((resolve) => {
    execFile(linked, args, { env }, (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }));
  });
}

/** The code caches of the command's bundle in a cache folder. */
async function cliCaches(folder: string): Promise<string[]> {
  const names = await readdir(folder).catch(() => []);
  return names.filter((name) => name.startsWith('cli.cjs-'));
}

describe('the sitezip launcher', () => {
  it('reads NODE_EXTRA_CA_CERTS only when an https connection needs it', async () => {
    const [plain] = sites as [FixtureSite];
    const missing = join(dir, 'no-such-bundle.pem');
    // Node itself would have read the file at start and warned that it could not.
    const result = await launch([plain.url, '-o', join(dir, 'plain.zip')], missing);
    expect(result.code).toBe(0);
    expect(result.stderr).not.toMatch(/certs|certificates/i);
    const untrusted = await launch([sites[1]!.url, '-o', join(dir, 'untrusted.zip')], missing);
    expect(untrusted.code).toBe(6);
    expect(untrusted.stderr).toContain(`ignoring the extra certificates of ${missing} (NODE_EXTRA_CA_CERTS)`);
    expect(untrusted.stderr).toMatch(/certificate that cannot be trusted/);
  });

  it('trusts the certificates of NODE_EXTRA_CA_CERTS over HTTP/1.1 and HTTP/2', async () => {
    for (const site of sites.slice(1)) {
      const out = join(dir, `${site.connections()}-${new URL(site.url).port}.zip`);
      const result = await launch([site.url, '-o', out], TLS_CERT_PATH);
      expect(result.stderr).not.toMatch(/cannot be trusted/);
      expect(result.code).toBe(0);
      expect((await readZip(await readFile(out))).get(`localhost_${new URL(site.url).port}/a.png`)).toEqual(PNG_1PX);
    }
  });

  it('compiles the command from the code cache a page capture wrote, --warc and all', async () => {
    const [plain] = sites as [FixtureSite];
    const home = await mkdtemp(join(dir, 'cache-'));
    const v8 = join(home, 'sitezip', 'v8');
    const env = { XDG_CACHE_HOME: home };
    expect((await launch(['--help'], '', env)).code).toBe(0);
    expect(await cliCaches(v8)).toEqual([]);
    expect((await launch([plain.url, '-o', join(dir, 'first.zip')], '', env)).code).toBe(0);
    const [written] = await cliCaches(v8);
    expect(written).toBeDefined();
    const { mtimeMs } = await stat(join(v8, written!));
    // Compiled from the cache, the WARC writer's code must still load (no import() there).
    const cached = await launch([plain.url, '--warc', '-o', join(dir, 'cached.zip')], '', env);
    expect(cached.stderr).not.toMatch(/import|warning/i);
    expect(cached.code).toBe(0);
    expect(cached.stdout).toContain('WARC: ');
    expect(await cliCaches(v8)).toEqual([written]);
    expect((await stat(join(v8, written!))).mtimeMs).toBe(mtimeMs);
  });

  it('writes the code cache anew once a capture rendered, when a static capture made it', async () => {
    const [plain] = sites as [FixtureSite];
    const home = await mkdtemp(join(dir, 'cache-'));
    const v8 = join(home, 'sitezip', 'v8');
    const env = { XDG_CACHE_HOME: home };
    expect((await launch([plain.url, '-o', join(dir, 'static.zip')], '', env)).code).toBe(0);
    const [written] = await cliCaches(v8);
    const staticCache = await readFile(join(v8, written!));
    // The renderer's code, compiled in that run, is in the cache written after it.
    expect((await launch([plain.url, '--render', 'always', '-o', join(dir, 'rendered.zip')], '', env)).code).toBe(0);
    expect((await cliCaches(v8)).sort()).toEqual([written, `${written}.rendered`]);
    const renderedCache = await readFile(join(v8, written!));
    expect(renderedCache.length).toBeGreaterThan(staticCache.length + 100_000);
    // Once only: the next captures, static or rendered, leave it as it is.
    const { mtimeMs } = await stat(join(v8, written!));
    expect((await launch([plain.url, '--render', 'always', '-o', join(dir, 'again.zip')], '', env)).code).toBe(0);
    expect((await launch([plain.url, '-o', join(dir, 'static-again.zip')], '', env)).code).toBe(0);
    expect((await stat(join(v8, written!))).mtimeMs).toBe(mtimeMs);
  });
});
