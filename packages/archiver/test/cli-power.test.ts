import { execFile } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { WARCParser } from 'warcio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Manifest } from '../src/index.js';
import { PNG_1PX, serveFixture, type FixtureRoute, type FixtureSite } from './support/fixture-site.js';
import { readZip } from './support/read-zip.js';

// The CLI runs compiled JavaScript: `npm run build -w packages/archiver` first (`npm test` does).
const bin = fileURLToPath(new URL('../bin/sitezip.js', import.meta.url));
const env = { SITEZIP_ALLOW_PRIVATE_NETWORKS: '1' };

function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, ...args], { env: { ...process.env, ...env } }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

/** Request headers each server saw, by host and path. */
const seen = new Map<string, IncomingHttpHeaders>();
const noting = (route: FixtureRoute): FixtureRoute => ({
  handle: (request: IncomingMessage, response: ServerResponse) => {
    seen.set(`${request.headers.host}${request.url}`, request.headers);
    response.writeHead(route.status ?? 200, { 'content-type': route.type ?? 'text/html', ...route.headers }).end(route.body ?? '');
  },
});

let site: FixtureSite;
let cdn: FixtureSite;
let dir: string;
let cdnHost: string;
let siteHost: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sitezip-cli-power-'));
  cdn = await serveFixture({ '/cdn.png': noting({ type: 'image/png', body: PNG_1PX }) });
  // The same loopback server by another name: another host for cookies and headers.
  cdnHost = `localhost:${new URL(cdn.url).port}`;
  const link = (paths: string[]) => paths.map((p) => `<a href="${p}">${p}</a>`).join('');
  site = await serveFixture({
    '/': noting({ body: `<title>Members</title><img src="/own.png"><img src="http://${cdnHost}/cdn.png">${link(['/docs/a', '/docs/old/b', '/blog/c', '/deep'])}` }),
    '/own.png': noting({ type: 'image/png', body: PNG_1PX }),
    '/docs/a': noting({ body: `<title>A</title>${link(['/docs/a/deeper'])}` }),
    '/docs/a/deeper': noting({ body: '<title>Deeper</title>' }),
    '/docs/old/b': noting({ body: '<title>Old</title>' }),
    '/blog/c': noting({ body: '<title>Blog</title>' }),
    '/deep': noting({ body: `<title>Deep</title>${link(['/deep/er'])}` }),
    '/deep/er': noting({ body: '<title>Deeper</title>' }),
  });
  siteHost = new URL(site.url).host;
});
afterAll(async () => {
  await site.close();
  await cdn.close();
  await rm(dir, { recursive: true, force: true });
});

describe('sitezip --cookies, --header and --warc', () => {
  it('sends cookies and headers only to their hosts, and writes a WARC of every exchange without them', async () => {
    const cookies = join(dir, 'cookies.txt');
    await writeFile(
      cookies,
      ['# Netscape HTTP Cookie File', '127.0.0.1\tFALSE\t/\tFALSE\t0\tsession\tcli-cookie-secret', '#HttpOnly_localhost\tFALSE\t/\tFALSE\t0\tcdn\tcdn-cookie', ''].join('\n'),
    );
    seen.clear();
    const out = join(dir, 'members.zip');
    const result = await run([site.url, '-o', out, '--cookies', cookies, '--header', 'Authorization: Bearer cli-header-secret', '--warc']);
    expect(result.stderr).toBe(`Saving ${site.url}\n`);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`WARC: ${join(dir, 'members.warc.gz')} (`);

    expect(seen.get(`${siteHost}/`)).toMatchObject({ cookie: 'session=cli-cookie-secret', authorization: 'Bearer cli-header-secret' });
    expect(seen.get(`${siteHost}/own.png`)).toMatchObject({ cookie: 'session=cli-cookie-secret', authorization: 'Bearer cli-header-secret' });
    // Another host on the same page: its own cookie only, and no header.
    expect(seen.get(`${cdnHost}/cdn.png`)?.cookie).toBe('cdn=cdn-cookie');
    expect(seen.get(`${cdnHost}/cdn.png`)?.authorization).toBeUndefined();

    const zip = await readZip(await readFile(out));
    for (const [path, data] of zip) expect(data.toString('latin1'), path).not.toMatch(/cli-(cookie|header)-secret/);
    const warcPath = join(dir, 'members.warc.gz');
    // Every record is a gzip member of its own; together they hold no secret.
    expect(gunzipSync(await readFile(warcPath)).toString('latin1')).not.toMatch(/cli-(cookie|header)-secret/);

    const manifest = JSON.parse(zip.get('sitezip-manifest.json')!.toString()) as Manifest;
    const types: string[] = [];
    const responses = new Map<string, string>();
    for await (const record of new WARCParser(createReadStream(warcPath))) {
      types.push(record.warcType ?? '');
      if (record.warcType === 'response') responses.set(record.warcTargetURI ?? '', record.httpHeaders?.statusline ?? '');
    }
    expect(types[0]).toBe('warcinfo');
    expect(types.filter((t) => t === 'request').length).toBe(responses.size);
    expect(manifest.resources.length).toBe(3);
    for (const entry of manifest.resources) expect(responses.get(entry.url), entry.url).toBe('HTTP/1.1 200 OK');
  });

  it('leaves no WARC file when the capture fails', async () => {
    const out = join(dir, 'missing.zip');
    const result = await run([`${site.origin}/missing`, '-o', out, '--warc']);
    expect(result.code).toBe(3);
    await expect(stat(join(dir, 'missing.warc.gz'))).rejects.toThrow(/ENOENT/);
    await expect(stat(join(dir, 'missing.warc.gz.partial'))).rejects.toThrow(/ENOENT/);
  });

  it('refuses a missing or malformed cookies file, and headers the engine owns, as bad usage', async () => {
    const missing = await run([site.url, '--cookies', join(dir, 'nope.txt')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(`sitezip: --cookies: cannot read ${join(dir, 'nope.txt')} (no such file)`);
    const malformed = join(dir, 'bad-cookies.txt');
    await writeFile(malformed, '# Netscape HTTP Cookie File\n127.0.0.1 FALSE / FALSE 0 session x\n');
    const bad = await run([site.url, '--cookies', malformed]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(`is not a Netscape cookies.txt file: line 2: expected 7 tab-separated fields`);
    const host = await run([site.url, '--header', 'Host: elsewhere.example']);
    expect(host.code).toBe(2);
    expect(host.stderr).toContain('sitezip: --header: Host is set by sitezip itself and cannot be given');
    expect((await run([site.url, '--header', 'Authorization Bearer x'])).stderr).toContain('--header must be "Name: value"');
    expect((await run([site.url, '--header', 'Content-Length: 5'])).code).toBe(2);
  });
});

describe('sitezip --full --include, --exclude and --max-depth', () => {
  it('follows only the pages the patterns and the depth allow, and says what it left out', async () => {
    seen.clear();
    const out = join(dir, 'filtered.zip');
    const result = await run([site.url, '--full', '-o', out, '--include', '/docs/**', '--include', '/deep/**', '--exclude', 'old/*', '--max-depth', '1']);
    expect(result.code).toBe(0);
    const pages = [...seen.keys()].filter((key) => key.startsWith(siteHost) && !key.endsWith('.png') && !key.endsWith('.txt') && !key.endsWith('.xml'));
    expect(pages.map((key) => key.slice(siteHost.length)).sort()).toEqual(['/', '/deep', '/docs/a']);
    expect(result.stdout).toContain('left out: 4 URLs (1 excluded, 1 not-included, 2 max-depth)');
    expect(result.stdout).toContain('stopped early: maxDepth (1) reached');
    await stat(out);
  });

  it('refuses patterns without --full, and URLs given as patterns', async () => {
    const alone = await run([site.url, '--exclude', '/blog/**']);
    expect(alone.code).toBe(2);
    expect(alone.stderr).toContain('--max-pages, --max-depth, --scope, --include and --exclude need --full');
    const url = await run([site.url, '--full', '--include', 'https://example.com/docs/**']);
    expect(url.code).toBe(2);
    expect(url.stderr).toContain('patterns match the path only');
  });
});

describe('sitezip --help', () => {
  it('prints the usage the README shows', async () => {
    const help = await run(['--help']);
    const readme = await readFile(fileURLToPath(new URL('../../../README.md', import.meta.url)), 'utf8');
    const block = /```\n(Usage: sitezip <url> \[options\][\s\S]*?)```/.exec(readme)?.[1];
    expect(help.stdout).toBe(block);
  });
});
