import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG_1PX, serveFixture, TLS_CERT_PATH, type FixtureSite } from './support/fixture-site.js';
import { trickle } from './support/hostile-pages.js';
import { readZip } from './support/read-zip.js';

// The CLI runs compiled JavaScript; `npm test` builds before running this file.
const bin = fileURLToPath(new URL('../bin/sitezip.js', import.meta.url));

function run(args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, ...args], { env: { ...process.env, ...env } }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

let site: FixtureSite;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sitezip-cli-'));
  site = await serveFixture({
    '/': { body: '<title>CLI</title><img src="a.png"><img src="gone.png"><a href="/second">second</a>' },
    '/second': { body: '<title>Second</title><a href="/">home</a>' },
    '/a.png': { type: 'image/png', body: PNG_1PX },
    '/missing': { status: 404 },
  });
});
afterAll(async () => {
  await site.close();
  await rm(dir, { recursive: true, force: true });
});

describe('sitezip CLI', () => {
  it('writes the ZIP and prints a summary', async () => {
    const out = join(dir, 'out.zip');
    const result = await run([site.url, '-o', out], { SITEZIP_ALLOW_PRIVATE_NETWORKS: '1' });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Saved .*out\.zip: 2 files, .*1 failed/);
    expect(result.stdout).toContain('gone.png');
    const files = await readZip(await readFile(out));
    expect([...files.keys()].sort()).toEqual(
      ['index.html', 'sitezip-manifest.json', `127.0.0.1_${new URL(site.url).port}/a.png`].sort(),
    );
  });

  it('mirrors a site with --full', async () => {
    const out = join(dir, 'site.zip');
    const result = await run([site.url, '--full', '--max-pages', '5', '--scope', 'host', '-o', out], { SITEZIP_ALLOW_PRIVATE_NETWORKS: '1' });
    expect(result.code).toBe(0);
    const files = await readZip(await readFile(out));
    expect(files.has(`127.0.0.1_${new URL(site.url).port}/second/index.html`)).toBe(true);
    expect(files.get('index.html')?.toString()).toContain(`href="127.0.0.1_${new URL(site.url).port}/second/index.html"`);
    expect((await run([site.url, '--max-pages', '5'])).code).toBe(2);
    expect((await run([site.url, '--full', '--scope', 'planet'])).code).toBe(2);
  });

  it('exits with meaningful codes', async () => {
    expect((await run([])).code).toBe(2);
    expect((await run(['--help'])).code).toBe(0);
    const refused = await run([site.url, '-o', join(dir, 'x.zip')]);
    expect(refused.code).toBe(7);
    expect(refused.stderr).toMatch(/private or reserved/);
    const missing = await run([`${site.origin}/missing`, '-o', join(dir, 'y.zip')], { SITEZIP_ALLOW_PRIVATE_NETWORKS: '1' });
    expect(missing.code).toBe(3);
    expect(missing.stderr).toMatch(/spelled correctly/);
    const invalid = join(dir, 'invalid.zip');
    expect((await run(['ftp://example.com', '-o', invalid])).code).toBe(2);
    await expect(readFile(`${invalid}.partial`)).rejects.toThrow(/ENOENT/);
  });

  it('refuses localhost names, and cloud metadata even with private networks allowed (exit 7)', async () => {
    for (const url of ['http://localhost./', 'http://foo.localhost/', `http://localhost.:${new URL(site.url).port}/`]) {
      const refused = await run([url, '-o', join(dir, 'local.zip')]);
      expect(refused.code, url).toBe(7);
      expect(refused.stderr).toMatch(/private or reserved name/);
    }
    for (const url of ['http://metadata.google.internal/', 'http://169.254.169.254/latest/meta-data/', 'http://[fd00:ec2::254]/']) {
      const refused = await run([url, '-o', join(dir, 'metadata.zip')], { SITEZIP_ALLOW_PRIVATE_NETWORKS: '1' });
      expect(refused.code, url).toBe(7);
    }
  });

  it('refuses option values out of bounds or not numbers as bad usage, naming the allowed range', async () => {
    const tooMany = await run([site.url, '--connections', '500']);
    expect(tooMany.code).toBe(2);
    expect(tooMany.stderr).toContain('sitezip: --connections must be a whole number from 1 to 128 (got "500")');
    expect(tooMany.stderr).toContain('Usage: sitezip <url> [options]');
    const notANumber = await run([site.url, '--timeout', 'soon']);
    expect(notANumber.code).toBe(2);
    expect(notANumber.stderr).toContain('--timeout must be a whole number of seconds, at least 1');
    expect((await run([site.url, '--full', '--max-depth', '-1'])).code).toBe(2);
    const badMode = await run([site.url, '--render', 'sometimes']);
    expect(badMode.code).toBe(2);
    expect(badMode.stderr).toContain('sitezip: --render must be auto, always or never');
  });

  it('keeps to --timeout even while the page itself does not answer', async () => {
    const silent = await serveFixture({ '/': { handle: () => undefined } });
    try {
      const started = Date.now();
      const result = await run([silent.url, '--timeout', '1', '-o', join(dir, 'silent.zip')], { SITEZIP_ALLOW_PRIVATE_NETWORKS: '1' });
      expect(result.code).toBe(5);
      expect(result.stderr).toMatch(/took too long \(timeout\)/);
      // The request timeout (20 s) would have ended it otherwise.
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      await silent.close();
    }
  });

  it('ends a page that trickles after --resource-timeout, with a timeout error, and says what a limit left out', async () => {
    const slow = await serveFixture({ '/': trickle('text/html', 50) });
    try {
      const result = await run([slow.url, '--resource-timeout', '1', '-o', join(dir, 'slow.zip')], { SITEZIP_ALLOW_PRIVATE_NETWORKS: '1' });
      expect(result.code).toBe(5);
      expect(result.stderr).toContain(`${slow.url} took longer than 1 s to download (timeout)`);
    } finally {
      await slow.close();
    }
    const capped = await run([site.url, '--max-resources', '1', '-o', join(dir, 'capped.zip')], { SITEZIP_ALLOW_PRIVATE_NETWORKS: '1' });
    expect(capped.stdout).toContain('stopped early: maxResources (1) reached');
    expect(capped.stdout).toContain('left out: 1 URL (1 max-resources)');
  });

  it('captures over HTTPS, checking the certificate against the name', async () => {
    const secure = await serveFixture(
      { '/': { body: '<title>TLS</title><img src="a.png">' }, '/a.png': { type: 'image/png', body: PNG_1PX } },
      { tls: true },
    );
    try {
      const out = join(dir, 'tls.zip');
      const trusted = await run([secure.url, '-o', out], { SITEZIP_ALLOW_PRIVATE_NETWORKS: '1', NODE_EXTRA_CA_CERTS: TLS_CERT_PATH });
      expect(trusted.code).toBe(0);
      expect((await readZip(await readFile(out))).get(`localhost_${new URL(secure.url).port}/a.png`)).toEqual(PNG_1PX);
      const untrusted = await run([secure.url, '-o', join(dir, 'untrusted.zip')], { SITEZIP_ALLOW_PRIVATE_NETWORKS: '1' });
      expect(untrusted.code).toBe(6);
      expect(untrusted.stderr).toMatch(/certificate that cannot be trusted \(DEPTH_ZERO_SELF_SIGNED_CERT\)/);
      expect(secure.hits.get('/')).toBe(1);
    } finally {
      await secure.close();
    }
  });

  it('reads host:port without a scheme as an https:// address', async () => {
    const secure = await serveFixture({ '/': { body: '<title>Port</title>' } }, { tls: true });
    try {
      const port = new URL(secure.url).port;
      const env = { SITEZIP_ALLOW_PRIVATE_NETWORKS: '1', NODE_EXTRA_CA_CERTS: TLS_CERT_PATH };
      const result = await run([`localhost:${port}`, '-o', join(dir, 'port.zip')], env);
      expect(result.stderr).toContain(`Saving https://localhost:${port}\n`);
      expect(result.code).toBe(0);
    } finally {
      await secure.close();
    }
  });

  it('keeps the cookies a site sets, like a browser: a cookie check is no redirect loop', async () => {
    const hasSession = (cookie: string | undefined) => /(^|; )session=ok(;|$)/.test(cookie ?? '');
    const gated = await serveFixture({
      '/': {
        handle: (request, response) => {
          if (!hasSession(request.headers.cookie)) {
            response.writeHead(302, { location: '/', 'set-cookie': ['session=ok; Path=/; HttpOnly', 'theme=dark; Path=/assets'] }).end();
          } else response.writeHead(200, { 'content-type': 'text/html' }).end('<title>In</title><img src="/assets/a.png">');
        },
      },
      '/assets/a.png': {
        handle: (request, response) => {
          const both = hasSession(request.headers.cookie) && request.headers.cookie?.includes('theme=dark');
          response.writeHead(both ? 200 : 403, { 'content-type': 'image/png' }).end(both ? PNG_1PX : '');
        },
      },
    });
    try {
      const out = join(dir, 'cookies.zip');
      const result = await run([gated.url, '-o', out], { SITEZIP_ALLOW_PRIVATE_NETWORKS: '1' });
      expect(result.stderr).not.toMatch(/redirects more than/);
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/0 failed/);
      expect(gated.hits.get('/')).toBe(2);
    } finally {
      await gated.close();
    }
  });
});
