import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serveFixture } from '../packages/archiver/test/support/fixture-site.js';
import { readZip } from '../packages/archiver/test/support/read-zip.js';
import { measure } from './measure.js';
import { generatedSite } from './site-gen.js';

const PAGES = Number(process.env.BENCH_PAGES ?? 2000);
const ASSETS = Number(process.env.BENCH_ASSETS ?? 5000);
const LATENCY_MS = Number(process.env.BENCH_SITE_LATENCY_MS ?? 20);
const CAP_MS = Number(process.env.BENCH_SITE_CAP_SECONDS ?? 300) * 1000;

const sitezipBin = new URL('../packages/archiver/bin/sitezip.js', import.meta.url).pathname;

interface Tool {
  name: string;
  command: string;
  args: (url: string, out: string) => string[];
  available: boolean;
  pagesSaved: (out: string) => Promise<number>;
}

async function htmlFiles(dir: string): Promise<number> {
  let n = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && /\.html?$/.test(entry.name) && !entry.parentPath.includes('hts-cache')) n++;
  }
  return n;
}

// Politeness alike for all: robots.txt obeyed, no delay, a few connections to the one host.
const tools: Tool[] = [
  {
    name: 'sitezip --full (4 pages, 8 connections)',
    command: process.execPath,
    args: (url, out) => [sitezipBin, url, '--full', '--max-pages', String(PAGES), '--max-depth', '100', '--connections', '8', '-q', '-o', join(out, 'site.zip')],
    available: true,
    pagesSaved: async (out) => [...(await readZip(await readFile(join(out, 'site.zip')))).keys()].filter((k) => k.endsWith('.html')).length,
  },
  {
    name: 'wget --mirror -p -k -E (1 connection)',
    command: 'wget',
    args: (url, out) => ['-q', '--mirror', '-p', '-k', '-E', '-P', out, url],
    available: existsSync('/usr/bin/wget'),
    pagesSaved: htmlFiles,
  },
  {
    name: 'httrack -c8 (limits lifted)',
    command: 'httrack',
    args: (url, out) => [url, '-O', out, '-c8', '-%!', '-A1000000000', '-%c1000', '-q', '-Q', '-s2'],
    available: existsSync('/usr/bin/httrack'),
    pagesSaved: htmlFiles,
  },
];

export async function runSiteBench(): Promise<void> {
  const server = await serveFixture(generatedSite(PAGES, ASSETS), { latencyMs: LATENCY_MS });
  console.log(`\nSite bench: ${PAGES} pages, ${ASSETS} assets, ${LATENCY_MS} ms latency per request, ${CAP_MS / 1000} s cap per tool\n`);
  console.log('| tool | wall s | pages saved | pages/s | peak RSS MB |');
  console.log('|---|---:|---:|---:|---:|');
  try {
    for (const tool of tools) {
      if (!tool.available) {
        console.log(`| ${tool.name} | not installed | | | |`);
        continue;
      }
      const out = await mkdtemp(join(tmpdir(), 'sitezip-site-bench-'));
      const run = await measure(tool.command, tool.args(server.url, out), { SITEZIP_ALLOW_PRIVATE_NETWORKS: '1' }, CAP_MS);
      const pages = run.timedOut && tool.name.startsWith('sitezip') ? 0 : await tool.pagesSaved(out).catch(() => 0);
      const seconds = run.wallMs / 1000;
      const note = run.timedOut ? ' (cap reached)' : run.code !== 0 ? ` (exit ${run.code})` : '';
      const rss = Number.isFinite(run.peakRssMb) ? run.peakRssMb.toFixed(1) : '-';
      console.log(`| ${tool.name} | ${seconds.toFixed(1)}${note} | ${pages} | ${(pages / seconds).toFixed(1)} | ${rss} |`);
      await rm(out, { recursive: true, force: true });
    }
  } finally {
    await server.close();
  }
}
