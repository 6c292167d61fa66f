// SITEZIP_TRACE=1 writes one stderr line per step of a capture, in milliseconds since the
// process started: how the render mode's time was profiled (README, "Render mode").
const on = process.env.SITEZIP_TRACE === '1';

export function trace(step: string): void {
  if (on) process.stderr.write(`[sitezip ${performance.now().toFixed(0).padStart(6)} ms] ${step}\n`);
}
