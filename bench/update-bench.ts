import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serveFixture, type FixtureRoute } from '../packages/archiver/test/support/fixture-site.js';
import { readZip } from '../packages/archiver/test/support/read-zip.js';
import { zipFileSink } from '../packages/archiver/src/sink/zip-sink.js';
import { PAGES_PATH } from '../packages/archiver/src/update/page-log.js';
import { measure } from './measure.js';
import { generatedSite } from './site-gen.js';

const PAGES = Number(process.env.BENCH_PAGES ?? 2000);
const ASSETS = Number(process.env.BENCH_ASSETS ?? 5000);
const ASSET_BYTES = Number(process.env.BENCH_ASSET_BYTES ?? 10_000);
const LATENCY_MS = Number(process.env.BENCH_SITE_LATENCY_MS ?? 20);
/** Per-response transfer rate in KB/s (0: unlimited): a body takes its size / rate to arrive, a 304 nothing. */
const LINK_KBPS = Number(process.env.BENCH_LINK_KBPS ?? 0);
/** Seconds of Cache-Control max-age on everything but pages (0: none), as sites serve versioned assets. */
const ASSET_MAX_AGE = Number(process.env.BENCH_ASSET_MAX_AGE ?? 0);

const sitezipBin = new URL('../packages/archiver/bin/sitezip.js', import.meta.url).pathname;

/** What the server sent during one run: answers by status, and body bytes. */
interface Traffic {
  ok: number;
  notModified: number;
  bytes: number;
}

/**
 * The generated site served like a static file server: every response carries an ETag (a hash
 * of the body) and Last-Modified, and a request whose If-None-Match still matches gets a 304.
 */
function withValidators(routes: Record<string, FixtureRoute>, traffic: Traffic): Record<string, FixtureRoute> {
  const served: Record<string, FixtureRoute> = {};
  for (const [path, route] of Object.entries(routes)) {
    const body = Buffer.from(route.body ?? '');
    const etag = `"${createHash('sha256').update(body).digest('hex').slice(0, 20)}"`;
    const page = (route.type ?? 'text/html').startsWith('text/html');
    const headers = {
      etag,
      'last-modified': 'Tue, 24 Nov 2026 10:00:00 GMT',
      ...(ASSET_MAX_AGE && !page ? { 'cache-control': `max-age=${ASSET_MAX_AGE}` } : {}),
    };
    served[path] = {
      handle: (request: IncomingMessage, response: ServerResponse) => {
        if (request.headers['if-none-match'] === etag) {
          traffic.notModified++;
          return void response.writeHead(304, headers).end();
        }
        traffic.ok++;
        traffic.bytes += body.length;
        const send = () => response.writeHead(200, { 'content-type': route.type ?? 'text/html; charset=utf-8', ...headers }).end(body);
        if (LINK_KBPS) setTimeout(send, body.length / LINK_KBPS);
        else send();
      },
    };
  }
  return served;
}

/** A first crawl of a generated site, then an update of the unchanged site from its ZIP: time and traffic of each. */
export async function runUpdateBench(): Promise<void> {
  const traffic: Traffic = { ok: 0, notModified: 0, bytes: 0 };
  const server = await serveFixture(withValidators(generatedSite(PAGES, ASSETS, ASSET_BYTES), traffic), { latencyMs: LATENCY_MS });
  const dir = await mkdtemp(join(tmpdir(), 'sitezip-update-bench-'));
  const link = LINK_KBPS ? `, bodies at ${LINK_KBPS} KB/s per response` : '';
  console.log(`\nUpdate bench: ${PAGES} pages, ${ASSETS} images of ${ASSET_BYTES} bytes, ${LATENCY_MS} ms latency per request${link}\n`);
  const env = { SITEZIP_ALLOW_PRIVATE_NETWORKS: '1' };
  const common = [server.url, '--full', '--max-depth', '100', '--render', 'never', '-q'];
  try {
    const runs = [
      { name: 'first crawl', args: ['-o', join(dir, 'first.zip')] },
      { name: 'update, site unchanged', args: ['--update', join(dir, 'first.zip'), '-o', join(dir, 'second.zip')] },
      // The same update from a copy without its page log, as sitezip made them before: every page is downloaded and rewritten.
      { name: 'update, pages not reusable', args: ['--update', join(dir, 'no-log.zip'), '-o', join(dir, 'third.zip')], before: () => withoutPageLog(dir) },
    ];
    console.log('| run | wall | CPU | 200s | 304s | body bytes sent | ZIP | peak RSS |');
    console.log('|---|---|---|---|---|---|---|---|');
    for (const run of runs) {
      await run.before?.();
      Object.assign(traffic, { ok: 0, notModified: 0, bytes: 0 });
      const result = await measure(process.execPath, [sitezipBin, ...common, ...run.args], env, 300_000);
      if (result.code !== 0) throw new Error(`${run.name} failed: ${result.stderr}`);
      const zip = run.args[run.args.length - 1]!;
      const size = (await stat(zip)).size;
      console.log(
        `| ${run.name} | ${(result.wallMs / 1000).toFixed(1)} s | ${result.cpuSeconds.toFixed(1)} s | ${traffic.ok} | ${traffic.notModified} | ${(traffic.bytes / 1e6).toFixed(1)} MB | ${(size / 1e6).toFixed(1)} MB | ${result.peakRssMb.toFixed(0)} MB |`,
      );
    }
    const manifest = JSON.parse((await readZip(await readFile(join(dir, 'second.zip')))).get('sitezip-manifest.json')!.toString());
    const { unchanged, notModified, changed, new: added, gone } = manifest.update;
    console.log(`\nupdate report: ${unchanged} unchanged (${notModified} by 304), ${changed.count} changed, ${added.count} new, ${gone.count} gone`);
  } finally {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  }
}

/** first.zip without the page log, as no-log.zip. */
async function withoutPageLog(dir: string): Promise<void> {
  const sink = zipFileSink(join(dir, 'no-log.zip'));
  for (const [path, bytes] of await readZip(await readFile(join(dir, 'first.zip')))) {
    // Images and fonts stored as sitezip stores them: as they are.
    if (path !== PAGES_PATH) await sink.add(path, bytes, { compress: !/\.(png|woff2?)$/.test(path) });
  }
  await sink.close();
}
