import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { snapshotOf } from '../packages/archiver/src/resume/crawl-snapshot.js';
import { readJournal } from '../packages/archiver/src/resume/journal-file.js';
import { serveFixture, type FixtureRoute } from '../packages/archiver/test/support/fixture-site.js';
import { readZip } from '../packages/archiver/test/support/read-zip.js';
import { measure } from './measure.js';
import { generatedSite } from './site-gen.js';

const PAGES = Number(process.env.BENCH_PAGES ?? 1000);
const ASSETS = Number(process.env.BENCH_ASSETS ?? 2000);
const LATENCY_MS = Number(process.env.BENCH_SITE_LATENCY_MS ?? 20);

const sitezipBin = new URL('../packages/archiver/bin/sitezip.js', import.meta.url).pathname;
const env = { SITEZIP_ALLOW_PRIVATE_NETWORKS: '1' };

/**
 * What resuming costs: one crawl of a generated site uninterrupted, against the same crawl
 * killed (kill -9) once half its pages were asked for, then continued with --resume.
 */
export async function runResumeBench(): Promise<void> {
  let pageRequests = 0;
  let onHalf = () => undefined as void;
  const routes: Record<string, FixtureRoute> = generatedSite(PAGES, ASSETS);
  for (const [path, route] of Object.entries(routes)) {
    if (path !== '/' && !path.startsWith('/p/')) continue;
    routes[path] = {
      handle: (_request, response) => {
        if (++pageRequests === Math.floor(PAGES / 2)) onHalf();
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(route.body);
      },
    };
  }
  const site = await serveFixture(routes, { latencyMs: LATENCY_MS });
  const dir = await mkdtemp(join(tmpdir(), 'sitezip-resume-bench-'));
  const args = (out: string) => [sitezipBin, site.url, '--full', '--max-depth', '100', '--connections', '8', '-q', '-o', out];
  try {
    const whole = await measure(process.execPath, args(join(dir, 'whole.zip')), env, 300_000);
    pageRequests = 0;
    const out = join(dir, 'resumed.zip');
    const started = Date.now();
    await new Promise<void>((resolve) => {
      const child = spawn(process.execPath, args(out), { env: { ...process.env, ...env }, stdio: 'ignore' });
      onHalf = () => child.kill('SIGKILL');
      child.on('close', () => resolve());
    });
    const killedMs = Date.now() - started;
    const snapshot = snapshotOf(await readJournal(join(`${out}.resume`, 'journal.jsonl')));
    const saved = snapshot?.pages.filter((page) => page.saved).length ?? 0;
    const resumed = await measure(process.execPath, [...args(out), '--resume'], env, 300_000);
    const a = await readZip(await readFile(join(dir, 'whole.zip')));
    const b = await readZip(await readFile(out));
    const same = a.size === b.size && [...a].every(([path, data]) => path === 'sitezip-manifest.json' || b.get(path)?.equals(data));
    const total = killedMs + resumed.wallMs;
    console.log(`\nResume (${PAGES} pages, ${ASSETS} images, ${LATENCY_MS} ms latency):`);
    console.log(`  uninterrupted:            ${(whole.wallMs / 1000).toFixed(2)} s, peak RSS ${whole.peakRssMb.toFixed(0)} MB`);
    console.log(`  killed at half:           ${(killedMs / 1000).toFixed(2)} s (${saved} pages in the ZIP by then)`);
    console.log(`  --resume:                 ${(resumed.wallMs / 1000).toFixed(2)} s, peak RSS ${resumed.peakRssMb.toFixed(0)} MB`);
    console.log(`  killed + resumed:         ${(total / 1000).toFixed(2)} s (${(((total - whole.wallMs) / whole.wallMs) * 100).toFixed(0)}% over uninterrupted)`);
    console.log(`  same entries and bytes:   ${same ? 'yes' : 'NO'} (${a.size} entries)`);
  } finally {
    await site.close();
    await rm(dir, { recursive: true, force: true });
  }
}
