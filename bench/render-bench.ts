import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { RENDER_FIXTURES, serveRenderFixture, type RenderFixture } from '../packages/archiver/test/support/render-fixtures.js';
import { readZip } from '../packages/archiver/test/support/read-zip.js';
import { median } from './measure.js';

// Render mode on real JavaScript-built pages (fixtures/render/): a capture with the CLI against
// the browser's own cold load of the same page, and against SingleFile's CLI when npm has it.

const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 40);
const RUNS = Number(process.env.BENCH_RENDER_RUNS ?? 3);
/** BENCH_RENDER_FIXTURES=docusaurus,vitepress measures those only (default: every fixture). */
const ONLY = process.env.BENCH_RENDER_FIXTURES?.split(',').map((name) => name.trim());
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SINGLE_FILE_VERSION = '2.0.83';
const MB = 1024 * 1024;
const sitezipBin = new URL('../packages/archiver/bin/sitezip.js', import.meta.url).pathname;
/** RENDER_BEFORE_BIN=<old checkout>/packages/archiver/bin/sitezip.js: an older build, run before this one each time. */
const BEFORE_BIN = process.env.RENDER_BEFORE_BIN;
/** BENCH_RENDER_SINGLEFILE=0 leaves SingleFile out (it is installed from npm and runs each time). */
const WITH_SINGLE_FILE = process.env.BENCH_RENDER_SINGLEFILE !== '0';

interface TreeRun {
  wallMs: number;
  /** Peak over the run of the whole process tree's private memory (RssAnon + RssShmem). */
  peakPrivateMb: number;
  /** CPU time (user + system) of the whole process tree, browser included, in seconds. */
  cpuSeconds: number;
  code: number;
  stderr: string;
}

/**
 * Runs a command and samples its whole process tree (the browser's processes too) every 20 ms:
 * /usr/bin/time's peak covers one process, and the browser's memory is in its children.
 */
async function runTree(command: string, args: string[], env: NodeJS.ProcessEnv, options: { cwd?: string; timeoutMs?: number } = {}): Promise<TreeRun> {
  const { readTreeCpu, readTreeUsage } = await import('../packages/archiver/dist/index.js');
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { cwd: options.cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'], detached: true });
    let peak = 0;
    let stderr = '';
    // Each process's highest CPU reading: a browser killed at the end never reaches its parent's rusage.
    const cpuUs = new Map<number, number>();
    const sample = () => {
      const usage = child.pid ? readTreeUsage(child.pid) : undefined;
      if (usage) peak = Math.max(peak, usage.privateBytes);
      for (const [pid, us] of child.pid ? readTreeCpu(child.pid) : []) cpuUs.set(pid, Math.max(us, cpuUs.get(pid) ?? 0));
    };
    const sampler = setInterval(sample, 20);
    const timer = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), options.timeoutMs ?? 120_000);
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      clearInterval(sampler);
      clearTimeout(timer);
      const cpuSeconds = [...cpuUs.values()].reduce((sum, us) => sum + us, 0) / 1e6;
      resolve({ wallMs: performance.now() - started, peakPrivateMb: peak / MB, cpuSeconds, code: code ?? 1, stderr });
    });
  });
}

/** The browser's own cold load: a new Chromium, one page, until the network is idle. */
async function coldLoad(url: string): Promise<number> {
  const started = performance.now();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(url, { waitUntil: 'networkidle' });
    return performance.now() - started;
  } finally {
    await browser.close();
  }
}

/** single-file-cli from npm in a temporary folder, or why not. */
async function installSingleFile(dir: string): Promise<string | { unavailable: string }> {
  await writeFile(join(dir, 'package.json'), '{ "private": true }');
  const install = await runTree('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', `single-file-cli@${SINGLE_FILE_VERSION}`], {}, { cwd: dir, timeoutMs: 180_000 }).catch((error: Error) => ({ code: 1, stderr: error.message }));
  const bin = join(dir, 'node_modules/single-file-cli/single-file-node.js');
  if (install.code !== 0 || !existsSync(bin)) return { unavailable: `not installed (${install.stderr.trim().split('\n').pop() || `npm exited ${install.code}`})` };
  return bin;
}

interface Row {
  fixture: RenderFixture;
  sitezip: TreeRun[];
  before: TreeRun[];
  browser: number[];
  singleFile: TreeRun[] | string;
  check: string;
  files: number;
}

export async function runRenderBench(): Promise<void> {
  console.log(`\nRender bench: fixtures/render/ (real builds), ${LATENCY_MS} ms latency per request, render: auto`);
  console.log(`whole processes, median of ${RUNS}; browser = Chromium's own cold load (launch, load, network idle);`);
  console.log('memory = peak private memory (RssAnon + RssShmem) of the whole process tree, browser included\n');
  const work = await mkdtemp(join(tmpdir(), 'sitezip-render-bench-'));
  const singleFile = WITH_SINGLE_FILE ? await installSingleFile(work) : { unavailable: 'left out (BENCH_RENDER_SINGLEFILE=0)' };
  const rows: Row[] = [];
  try {
    for (const fixture of RENDER_FIXTURES.filter((f) => !ONLY || ONLY.includes(f.name))) {
      const site = await serveRenderFixture(fixture, { latencyMs: LATENCY_MS });
      const url = `${site.origin}${fixture.start}`;
      try {
        const row: Row = { fixture, sitezip: [], before: [], browser: [], singleFile: typeof singleFile === 'string' ? [] : singleFile.unavailable, check: '', files: 0 };
        for (let i = 0; i < RUNS; i++) {
          if (BEFORE_BIN) {
            const run = await runTree(process.execPath, [BEFORE_BIN, url, '-o', join(work, `${fixture.name}-before-${i}.zip`), '-q'], { SITEZIP_ALLOW_PRIVATE_NETWORKS: '1' });
            if (run.code !== 0) throw new Error(`sitezip (before) failed on ${fixture.name}: ${run.stderr}`);
            row.before.push(run);
          }
          const zip = join(work, `${fixture.name}-${i}.zip`);
          const run = await runTree(process.execPath, [sitezipBin, url, '-o', zip, '-q'], { SITEZIP_ALLOW_PRIVATE_NETWORKS: '1' });
          if (run.code !== 0) throw new Error(`sitezip failed on ${fixture.name}: ${run.stderr}`);
          row.sitezip.push(run);
          const entries = await readZip(await readFile(zip));
          row.files = entries.size - 1;
          const manifest = JSON.parse(entries.get('sitezip-manifest.json')!.toString()) as { resources: { render?: { output: string; check?: Record<string, number> } }[] };
          const render = manifest.resources[0]?.render;
          const check = render?.check;
          row.check = check
            ? `${render.output}: ${check.pixelDiff} % px, text ${check.textMatch}, ${check.failedRequests} failed, ${check.onlineRequests} online`
            : (render?.output ?? 'not rendered');
          row.browser.push(await coldLoad(url));
          if (typeof singleFile === 'string') {
            const out = join(work, `${fixture.name}-${i}.html`);
            const args = [singleFile, url, out, `--browser-executable-path=${CHROMIUM}`, '--browser-args=["--no-sandbox","--disable-gpu"]'];
            const sf = await runTree(process.execPath, args, {});
            if (sf.code !== 0 || !existsSync(out)) row.singleFile = `failed: ${sf.stderr.trim().split('\n').pop() ?? sf.code}`;
            else if (Array.isArray(row.singleFile)) row.singleFile.push(sf);
          }
        }
        rows.push(row);
      } finally {
        await site.close();
      }
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  console.log('| fixture | sitezip ms | browser cold load ms | × browser | SingleFile ms | × SingleFile | sitezip peak MB | SingleFile peak MB | files | self-check |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const row of rows) {
    const wall = median(row.sitezip.map((r) => r.wallMs));
    const browser = median(row.browser);
    const memory = median(row.sitezip.map((r) => r.peakPrivateMb));
    const sf = Array.isArray(row.singleFile) && row.singleFile.length > 0 ? row.singleFile : undefined;
    const sfWall = sf ? median(sf.map((r) => r.wallMs)) : NaN;
    const sfCells = sf ? `${sfWall.toFixed(0)} | ${(wall / sfWall).toFixed(2)}` : `${typeof row.singleFile === 'string' ? row.singleFile : '-'} | -`;
    const sfMemory = sf ? median(sf.map((r) => r.peakPrivateMb)).toFixed(0) : '-';
    console.log(
      `| ${row.fixture.name} | ${wall.toFixed(0)} | ${browser.toFixed(0)} | ${(wall / browser).toFixed(2)} | ${sfCells} | ${memory.toFixed(0)} | ${sfMemory} | ${row.files} | ${row.check} |`,
    );
  }
  if (!BEFORE_BIN) return;
  console.log(`\nBefore (${BEFORE_BIN}) and after, same run, interleaved; median of ${RUNS}; CPU = user + system of the whole process tree`);
  console.log('| fixture | cold load ms | before ms | after ms | before × cold | after × cold | CPU before s | CPU after s | peak MB before | peak MB after |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const row of rows) {
    const cold = median(row.browser);
    const before = median(row.before.map((r) => r.wallMs));
    const after = median(row.sitezip.map((r) => r.wallMs));
    const cpu = (runs: TreeRun[]) => median(runs.map((r) => r.cpuSeconds)).toFixed(2);
    const peak = (runs: TreeRun[]) => median(runs.map((r) => r.peakPrivateMb)).toFixed(0);
    console.log(
      `| ${row.fixture.name} | ${cold.toFixed(0)} | ${before.toFixed(0)} | ${after.toFixed(0)} | ${(before / cold).toFixed(2)} | ${(after / cold).toFixed(2)} | ${cpu(row.before)} | ${cpu(row.sitezip)} | ${peak(row.before)} | ${peak(row.sitezip)} |`,
    );
  }
}
