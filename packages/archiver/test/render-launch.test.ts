import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumLaunchOptions, CHROMIUM_FLAGS } from '../src/render/chromium-launch.js';
import { BrowserHost } from '../src/render/index.js';

// The CLI's browser is spawned by the host itself and driven over connectOverCDP: its command
// line must be the one Playwright's own launch gives (plus the host's switches), or Playwright
// may drive it wrong; this catches a playwright-core upgrade that changes its switches.

function commandLine(pid: number): string[] {
  return readFileSync(`/proc/${pid}/cmdline`, 'latin1').split('\0').filter(Boolean);
}

function childrenOfThisProcess(): number[] {
  return readdirSync('/proc/self/task').flatMap((task) =>
    readFileSync(`/proc/self/task/${task}/children`, 'latin1').trim().split(/\s+/).filter(Boolean).map(Number),
  );
}

/** The state letter of /proc/<pid>/stat (R, S, Z...), or 'gone'. */
function processState(pid: number): string {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
  } catch {
    return 'gone';
  }
}

/**
 * Resolves once the process is gone or a zombie. A killed process may still be tearing down (state
 * D) for a moment after its parent has exited, and /proc offers no event for a stranger's exit: this
 * looks again on each timer turn, and the test's own timeout bounds it.
 */
async function ended(pid: number): Promise<string> {
  for (;;) {
    const state = processState(pid);
    if (state === 'gone' || state === 'Z') return state;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Drops what differs between any two starts: the profile folder. */
function comparable(args: string[]): string[] {
  return args.filter((arg) => !arg.startsWith('--user-data-dir='));
}

describe("the CLI's own Chromium", () => {
  it("gets the command line Playwright's launch would give it, with the host's switches", async () => {
    const before = new Set(childrenOfThisProcess());
    const launched = await chromium.launch(chromiumLaunchOptions({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', launchTimeoutMs: 30_000 }));
    let playwrights: string[];
    try {
      const pid = childrenOfThisProcess().find((child) => !before.has(child) && commandLine(child).includes('--remote-debugging-pipe'));
      playwrights = commandLine(pid ?? 0);
    } finally {
      await launched.close();
    }
    const host = new BrowserHost();
    try {
      const lease = await host.open();
      const ours = commandLine(host.usage()?.pid ?? 0);
      expect(comparable(ours)).toEqual(comparable(playwrights));
      expect(ours).toEqual(expect.arrayContaining([...CHROMIUM_FLAGS, '--remote-debugging-pipe', '--no-startup-window']));
      await lease.close();
    } finally {
      await host.close();
    }
  });

  it('that exits at once is reported with what it said, and leaves no profile behind', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sitezip-fake-chromium-'));
    const fake = join(dir, 'chromium');
    // Prints its profile folder (to find it afterwards), then fails as a broken install would.
    await writeFile(fake, '#!/bin/sh\nfor a in "$@"; do case "$a" in --user-data-dir=*) echo "${a#--user-data-dir=}" > "$0.profile";; esac; done\necho "error while loading shared libraries: libfake.so" >&2\nexit 127\n');
    await chmod(fake, 0o755);
    const host = new BrowserHost({ executablePath: fake });
    try {
      await expect(host.open()).rejects.toThrow(/Chromium could not be started from .*\(error while loading shared libraries: libfake\.so\)/);
      const profile = readFileSync(`${fake}.profile`, 'utf8').trim();
      expect(profile).not.toBe('');
      expect(existsSync(profile)).toBe(false);
    } finally {
      await host.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('goes with the process that started it when that process dies of an uncaught error', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sitezip-dying-'));
    const script = join(dir, 'dies.mts');
    const host = fileURLToPath(new URL('../src/render/browser-host.ts', import.meta.url));
    await writeFile(
      script,
      [
        `import { readFileSync } from 'node:fs';`,
        `import { BrowserHost } from ${JSON.stringify(host)};`,
        `const host = new BrowserHost();`,
        `await host.open();`,
        `const pid = host.usage()?.pid;`,
        `const profile = readFileSync('/proc/' + pid + '/cmdline', 'latin1').split('\\0').find((arg) => arg.startsWith('--user-data-dir='));`,
        `console.log(JSON.stringify({ pid, profile: profile?.slice('--user-data-dir='.length) }));`,
        `setTimeout(() => { throw new Error('boom'); });`,
      ].join('\n'),
    );
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: fileURLToPath(new URL('../../../', import.meta.url)), stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      expect(code).not.toBe(0);
      const { pid, profile } = JSON.parse(out) as { pid: number; profile: string };
      expect(pid).toBeGreaterThan(0);
      expect(profile).toMatch(/sitezip-chromium-/);
      // Killed: gone, or a zombie until whoever inherited it reaps it.
      expect(await ended(pid)).toMatch(/^(gone|Z)$/);
      expect(existsSync(profile)).toBe(false);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
