import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheFolder } from '../src/render/code-cache.js';

// playwright-core's bundles are compiled from V8's code cache in the user's cache folder. Each
// load runs in a process of its own (this one may have playwright-core loaded already).

let dir: string;
let script: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sitezip-code-cache-'));
  script = join(dir, 'load.mts');
  const loader = fileURLToPath(new URL('../src/render/playwright.ts', import.meta.url));
  await writeFile(script, `import { loadPlaywright } from ${JSON.stringify(loader)};\nconsole.log(typeof loadPlaywright().chromium.connectOverCDP);\n`);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function load(cacheHome: string): Promise<string> {
  const root = fileURLToPath(new URL('../../../', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: root, env: { ...process.env, XDG_CACHE_HOME: cacheHome }, stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  expect(code).toBe(0);
  return out.trim();
}

function cached(cacheHome: string): Map<string, { bytes: Buffer; mtimeMs: number }> {
  const folder = join(cacheHome, 'sitezip', 'v8');
  return new Map(readdirSync(folder).map((name) => [name, { bytes: readFileSync(join(folder, name)), mtimeMs: statSync(join(folder, name)).mtimeMs }]));
}

describe("playwright-core's code cache", () => {
  it('is written by the first load, used as it is by the next, and written anew when V8 refuses it', async () => {
    const home = join(dir, 'cache');
    expect(await load(home)).toBe('function');
    const first = cached(home);
    expect([...first.keys()].sort().map((name) => name.replace(/-[0-9a-f]{16}\.bin$/, ''))).toEqual(['coreBundle', 'utilsBundle']);
    expect(statSync(join(home, 'sitezip', 'v8')).mode & 0o777).toBe(0o700);

    expect(await load(home)).toBe('function');
    for (const [name, file] of cached(home)) expect(file.mtimeMs).toBe(first.get(name)?.mtimeMs);

    // A cache V8 does not accept (another build, a damaged file) is compiled past and replaced.
    const [name] = [...first.keys()];
    writeFileSync(join(home, 'sitezip', 'v8', name!), Buffer.alloc(4096, 7));
    expect(await load(home)).toBe('function');
    const rewritten = cached(home).get(name!)!.bytes;
    expect(rewritten.length).toBeGreaterThan(100_000);
    expect(rewritten.every((byte) => byte === 7)).toBe(false);
  });

  it('is kept only in a folder of this user that no one else may write to', () => {
    const home = join(dir, 'shared');
    expect(cacheFolder({ XDG_CACHE_HOME: home })).toBe(join(home, 'sitezip', 'v8'));
    chmodSync(join(home, 'sitezip', 'v8'), 0o777);
    expect(cacheFolder({ XDG_CACHE_HOME: home })).toBeUndefined();
    // A file where the folder should be: no cache, and no error.
    mkdirSync(join(dir, 'blocked'));
    writeFileSync(join(dir, 'blocked', 'sitezip'), '');
    expect(cacheFolder({ XDG_CACHE_HOME: join(dir, 'blocked') })).toBeUndefined();
    // Where folders cannot be made: Node's own recursive mkdir never returned from under /proc.
    expect(cacheFolder({ XDG_CACHE_HOME: '/proc/self/no-such-folder' })).toBeUndefined();
  });
});
