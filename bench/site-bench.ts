import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { serveFixture } from '../packages/archiver/test/support/fixture-site.js';
import { readZip } from '../packages/archiver/test/support/read-zip.js';
import { serveFolder } from '../packages/archiver/test/support/static-folder.js';
import { checkLocalLinks } from './broken-links.js';
import { docsSite } from './docs-site.js';
import { measure } from './measure.js';
import { generatedSite } from './site-gen.js';

const PAGES = Number(process.env.BENCH_PAGES ?? 2000);
const ASSETS = Number(process.env.BENCH_ASSETS ?? 5000);
const LATENCY_MS = Number(process.env.BENCH_SITE_LATENCY_MS ?? 20);
const DOCS_LATENCY_MS = Number(process.env.BENCH_DOCS_LATENCY_MS ?? 40);
const CAP_MS = Number(process.env.BENCH_SITE_CAP_SECONDS ?? 300) * 1000;
const DOCS_CAP_MS = Number(process.env.BENCH_DOCS_CAP_SECONDS ?? 120) * 1000;
// BENCH_SITE_PARTS=docs,generated,memory (all by default); BENCH_SITE_TOOLS=sitezip,wget,httrack.
const PARTS = (process.env.BENCH_SITE_PARTS ?? 'docs,generated,memory').split(',');
const TOOLS = process.env.BENCH_SITE_TOOLS?.split(',');

const sitezipBin = new URL('../packages/archiver/bin/sitezip.js', import.meta.url).pathname;

interface Tool {
  name: string;
  command: string;
  args: (url: string, out: string) => string[];
  available: boolean;
  /** Leaves the copy as a folder of files under `out/copy` (sitezip's ZIP is unpacked). */
  unpack: (out: string) => Promise<string>;
}

function sitezip(maxPages: number): Tool {
  return {
    name: 'sitezip --full --connections 8',
    command: process.execPath,
    args: (url, out) => [sitezipBin, url, '--full', '--max-pages', String(maxPages), '--max-depth', '100', '--connections', '8', '-q', '-o', join(out, 'site.zip')],
    available: true,
    unpack: (out) => unzipTo(join(out, 'site.zip'), join(out, 'copy')),
  };
}

// Politeness alike for all: robots.txt obeyed, no delay, at most 8 connections to the one host.
function tools(maxPages: number): Tool[] {
  const all: Tool[] = [
    sitezip(maxPages),
    {
      name: 'wget --mirror -p -k -E (1 connection)',
      command: 'wget',
      args: (url, out) => ['-q', '--mirror', '-p', '-k', '-E', '-P', join(out, 'copy'), url],
      available: existsSync('/usr/bin/wget'),
      unpack: async (out) => join(out, 'copy'),
    },
    {
      name: 'httrack -c8 (limits lifted)',
      command: 'httrack',
      args: (url, out) => [url, '-O', join(out, 'copy'), '-c8', '-%!', '-A1000000000', '-%c1000', '-q', '-Q', '-s2'],
      available: existsSync('/usr/bin/httrack'),
      unpack: async (out) => join(out, 'copy'),
    },
  ];
  return all.filter((tool) => !TOOLS || TOOLS.some((name) => tool.name.startsWith(name)));
}

async function unzipTo(zip: string, dir: string): Promise<string> {
  for (const [path, data] of await readZip(await readFile(zip))) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), data);
  }
  return dir;
}

/** Runs each tool on `url` and prints a table row: time, pages, memory, and local links that lead nowhere. */
async function compare(url: string, maxPages: number, capMs: number): Promise<void> {
  console.log('| tool | wall s | CPU s | pages saved | pages/s | peak RSS MB | broken local links |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const tool of tools(maxPages)) {
    if (!tool.available) {
      console.log(`| ${tool.name} | not installed | | | | | |`);
      continue;
    }
    const out = await mkdtemp(join(tmpdir(), 'sitezip-site-bench-'));
    try {
      const run = await measure(tool.command, tool.args(url, out), { SITEZIP_ALLOW_PRIVATE_NETWORKS: '1' }, capMs);
      const copy = run.timedOut && tool.name.startsWith('sitezip') ? undefined : await tool.unpack(out).catch(() => undefined);
      const links = copy && existsSync(copy) ? await checkLocalLinks(copy) : undefined;
      const pages = links ? await savedPages(copy!) : 0;
      const seconds = run.wallMs / 1000;
      const note = run.timedOut ? ' (cap reached)' : run.code !== 0 ? ` (exit ${run.code})` : '';
      const rss = Number.isFinite(run.peakRssMb) ? run.peakRssMb.toFixed(1) : '-';
      const broken = links ? `${links.broken} of ${links.references}` : '-';
      console.log(`| ${tool.name} | ${seconds.toFixed(1)}${note} | ${run.cpuSeconds.toFixed(1)} | ${pages} | ${(pages / seconds).toFixed(1)} | ${rss} | ${broken} |`);
      if (links?.examples.length) console.log(`  e.g. ${links.examples.slice(0, 3).join('; ')}`);
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  }
}

/** HTML files saved, less the notes sitezip writes in place of a page it could not capture. */
async function savedPages(dir: string): Promise<number> {
  let n = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.html?$/.test(entry.name) || entry.parentPath.includes('hts-cache')) continue;
    const head = (await readFile(join(entry.parentPath, entry.name), 'utf8')).slice(0, 200);
    if (!head.includes('<title>Not captured</title>')) n++;
  }
  return n;
}

async function docsBench(): Promise<void> {
  const docs = await docsSite();
  const server = await serveFolder(docs.root, { latencyMs: DOCS_LATENCY_MS });
  console.log(`\nDocs site bench: ${docs.label}, ${docs.pages} pages, ${DOCS_LATENCY_MS} ms latency per request, ${DOCS_CAP_MS / 1000} s cap per tool\n`);
  try {
    await compare(server.url, docs.pages, DOCS_CAP_MS);
  } finally {
    await server.close();
    await docs.remove();
  }
}

async function generatedBench(): Promise<void> {
  const server = await serveFixture(generatedSite(PAGES, ASSETS), { latencyMs: LATENCY_MS });
  console.log(`\nSite bench: ${PAGES} pages, ${ASSETS} assets, ${LATENCY_MS} ms latency per request, ${CAP_MS / 1000} s cap per tool\n`);
  try {
    await compare(server.url, PAGES, CAP_MS);
  } finally {
    await server.close();
  }
}

/** Peak memory of `sitezip --full` on generated sites of 2,000 and 20,000 pages: it should stay flat. */
async function memoryBench(): Promise<void> {
  const sizes = (process.env.BENCH_MEMORY_PAGES ?? '2000,20000').split(',').map(Number);
  console.log(`\nMemory bench: sitezip --full on generated sites (${ASSETS} images, 0 ms latency)\n`);
  console.log('| pages | wall s | CPU s | pages/s | peak RSS MB |');
  console.log('|---:|---:|---:|---:|---:|');
  for (const pages of sizes) {
    const server = await serveFixture(generatedSite(pages, ASSETS));
    const out = await mkdtemp(join(tmpdir(), 'sitezip-memory-bench-'));
    try {
      const tool = sitezip(pages);
      const run = await measure(tool.command, tool.args(server.url, out), { SITEZIP_ALLOW_PRIVATE_NETWORKS: '1' }, CAP_MS);
      const note = run.timedOut ? ' (cap reached)' : run.code !== 0 ? ` (exit ${run.code})` : '';
      const seconds = run.wallMs / 1000;
      console.log(`| ${pages} | ${seconds.toFixed(1)}${note} | ${run.cpuSeconds.toFixed(1)} | ${(pages / seconds).toFixed(1)} | ${run.peakRssMb.toFixed(1)} |`);
    } finally {
      await rm(out, { recursive: true, force: true });
      await server.close();
    }
  }
}

export async function runSiteBench(): Promise<void> {
  if (PARTS.includes('docs')) await docsBench();
  if (PARTS.includes('generated')) await generatedBench();
  if (PARTS.includes('memory')) await memoryBench();
}
