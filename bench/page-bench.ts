import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serveFixture, TLS_CERT_PATH } from '../packages/archiver/test/support/fixture-site.js';
import { readZip } from '../packages/archiver/test/support/read-zip.js';
import { measure, median, type ProcessRun } from './measure.js';
import { pageSite, tinyPageSite, type GeneratedSite } from './page-site.js';

const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 40);
const RUNS = Number(process.env.BENCH_RUNS ?? 9);

interface Tool {
  name: string;
  command: string;
  args: (url: string, out: string) => string[];
  available: boolean;
  runs: number;
}

// The command as npm installs it: the launcher (bin/sitezip), which starts Node itself.
const sitezipBin = new URL('../packages/archiver/bin/sitezip', import.meta.url).pathname;

/** A sitezip build: a launcher runs as it is, a `.js` entry (older builds) under this Node. */
function sitezipTool(name: string, bin: string): Tool {
  const script = bin.endsWith('.js');
  return {
    name,
    command: script ? process.execPath : bin,
    args: (url, out) => [...(script ? [bin] : []), url, '-o', join(out, 'page.zip')],
    available: true,
    runs: RUNS,
  };
}

const tools: Tool[] = [
  sitezipTool('sitezip', sitezipBin),
  // PAGE_BEFORE_BIN=<old checkout>/packages/archiver/bin/sitezip.js (or bin/sitezip): an older build, run beside this one.
  ...(process.env.PAGE_BEFORE_BIN ? [sitezipTool('sitezip (before)', process.env.PAGE_BEFORE_BIN)] : []),
  {
    name: 'wget -p -k -E -H',
    command: 'wget',
    args: (url, out) => ['-q', '-p', '-k', '-E', '-H', '-P', out, url],
    available: existsSync('/usr/bin/wget'),
    runs: 3,
  },
  {
    // HTTrack's own limits (5 connections/s, 25 KB/s) lifted so it runs at its fastest.
    name: 'httrack -r4 -n -c8 -%!',
    command: 'httrack',
    args: (url, out) => [url, '-O', out, '-r4', '-n', '-c8', '-%!', '-A1000000000', '-%c1000', '-q', '-Q', '-s0'],
    available: existsSync('/usr/bin/httrack'),
    runs: 1,
  },
];

async function countFiles(dir: string): Promise<number> {
  let n = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) if (entry.isFile()) n++;
  return n;
}

/** The capture alone, without Node's start-up and module loading, as sitezip's own summary reports it. */
function captureMs(run: ProcessRun): number {
  const seconds = /, (\d+\.\d+) s$/m.exec(run.stdout)?.[1];
  return seconds ? Number(seconds) * 1000 : NaN;
}

export async function runPageBench(): Promise<void> {
  const tiny = tinyPageSite();
  console.log(`Tiny page: ${tiny.resources} files, ${tiny.levels} sequential levels, ${LATENCY_MS} ms latency per request; start-up decides`);
  console.log(`critical-path bound: ${tiny.levels * LATENCY_MS} ms; plain HTTP/1.1\n`);
  await runTable(tiny, tiny.levels * LATENCY_MS, {}, tools);
  console.log('');
  const site = pageSite();
  const bound = site.levels * LATENCY_MS;
  console.log(`Page bench: ${site.resources} resources, ${site.levels} sequential levels, ${LATENCY_MS} ms latency per request`);
  console.log(`critical-path bound: ${bound} ms; whole processes, median of ${RUNS} runs for sitezip, 3 for wget, 1 for HTTrack`);
  console.log('(capture: the time from the first request to the closed ZIP, as sitezip reports it)');
  console.log('\nPlain HTTP/1.1 (every tool):\n');
  await runTable(site, bound, {}, tools);
  // Most real sites are https with HTTP/2, which browsers and sitezip use; wget and HTTrack speak HTTP/1.1 only.
  console.log('\nHTTPS with HTTP/2 offered (HTTP/1.1 for tools without it):\n');
  const https = tools
    .filter((tool) => tool.name !== 'httrack -r4 -n -c8 -%!')
    .map((tool) => (tool.command === 'wget' ? { ...tool, args: (url: string, out: string) => [`--ca-certificate=${TLS_CERT_PATH}`, ...tool.args(url, out)] } : tool));
  await runTable(site, bound, { tls: true, h2: true }, https, { NODE_EXTRA_CA_CERTS: TLS_CERT_PATH });
}

async function runTable(
  site: GeneratedSite,
  bound: number,
  serving: { tls?: boolean; h2?: boolean },
  toolsToRun: Tool[],
  env: Record<string, string> = {},
): Promise<void> {
  const server = await serveFixture(site.routes, { latencyMs: LATENCY_MS, ...serving });
  console.log('| tool | wall ms | × bound | capture ms | × bound | CPU ms | peak RSS MB | files saved |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  try {
    // Round-robin, so that a busy moment of the machine falls on every tool alike.
    const available = toolsToRun.filter((tool) => tool.available);
    const runs = new Map<Tool, ProcessRun[]>(available.map((tool) => [tool, []]));
    const files = new Map<Tool, number>();
    for (let i = 0; i < Math.max(0, ...available.map((tool) => tool.runs)); i++) {
      for (const tool of available) {
        if (i >= tool.runs) continue;
        const out = await mkdtemp(join(tmpdir(), 'sitezip-bench-'));
        const run = await measure(tool.command, tool.args(server.url, out), { SITEZIP_ALLOW_PRIVATE_NETWORKS: '1', ...env });
        const ours = tool.name.startsWith('sitezip');
        if (run.code !== 0 && ours) throw new Error(`sitezip failed: ${run.stderr}`);
        files.set(tool, ours ? (await readZip(await readFile(join(out, 'page.zip')))).size - 1 : await countFiles(out));
        runs.get(tool)!.push(run);
        await rm(out, { recursive: true, force: true });
      }
    }
    for (const tool of toolsToRun) {
      const toolRuns = runs.get(tool);
      if (!toolRuns) {
        console.log(`| ${tool.name} | not installed | | | | | | |`);
        continue;
      }
      printRow(tool.name, toolRuns, files.get(tool) ?? 0, bound);
    }
  } finally {
    await server.close();
  }
}

function printRow(name: string, runs: ProcessRun[], files: number, bound: number): void {
  if (runs.some((r) => r.timedOut)) {
    console.log(`| ${name} | did not finish in 60 s | > ${(60_000 / bound).toFixed(0)} | | | | - | ${files} so far |`);
    return;
  }
  const wall = median(runs.map((r) => r.wallMs));
  const rss = median(runs.map((r) => r.peakRssMb));
  const cpu = median(runs.map((r) => r.cpuSeconds * 1000));
  const capture = median(runs.map(captureMs));
  const captureCells = Number.isFinite(capture) ? `${capture.toFixed(0)} | ${(capture / bound).toFixed(2)}` : '- | -';
  console.log(`| ${name} | ${wall.toFixed(0)} | ${(wall / bound).toFixed(2)} | ${captureCells} | ${cpu.toFixed(0)} | ${rss.toFixed(1)} | ${files} |`);
}
