// SITEZIP_TRACE=1 writes one stderr line per step of a capture: milliseconds since the process
// started, and the CPU time it has used by then (what a loaded machine does not blur): how the
// render mode's time and the CLI's start-up were profiled (README, "Render mode", "Benchmarks").
const on = process.env.SITEZIP_TRACE === '1';

/** Whether steps are traced: then the self-check's copy on disk is kept for a look (copying-sink.ts). */
export const tracing = on;

export function trace(step: string): void {
  if (!on) return;
  const { user, system } = process.cpuUsage();
  const cpu = ((user + system) / 1000).toFixed(0).padStart(5);
  process.stderr.write(`[sitezip ${performance.now().toFixed(0).padStart(6)} ms, cpu ${cpu} ms] ${step}\n`);
}

// What the process does between the CLI's end and its exit (open handles, flushes) shows here.
if (on) process.once('exit', () => trace('process: exit'));
