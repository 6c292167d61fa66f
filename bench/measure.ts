import { spawn } from 'node:child_process';

export interface ProcessRun {
  wallMs: number;
  peakRssMb: number;
  /** CPU time of the command (user + system), as GNU time counted it: less noisy than wall time on a busy machine. */
  cpuSeconds: number;
  code: number;
  timedOut: boolean;
  stdout: string;
  stderr: string;
}

/** Runs a command under GNU time: wall clock from our side, peak RSS as the kernel counted it. */
export function measure(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
  timeoutMs = 60_000,
): Promise<ProcessRun> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn('/usr/bin/time', ['-f', 'SITEZIP_RSS_KB=%M SITEZIP_CPU=%U+%S', command, ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      // The whole process group: GNU time and the tool it runs (HTTrack ignores SIGTERM for minutes).
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    }, timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
      const rssKb = Number(/SITEZIP_RSS_KB=(\d+)/.exec(stderr)?.[1] ?? NaN);
      const cpu = /SITEZIP_CPU=([\d.]+)\+([\d.]+)/.exec(stderr);
      const cpuSeconds = cpu ? Number(cpu[1]) + Number(cpu[2]) : NaN;
      resolve({ wallMs, peakRssMb: rssKb / 1024, cpuSeconds, code: code ?? 1, timedOut, stdout, stderr });
    });
  });
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}
