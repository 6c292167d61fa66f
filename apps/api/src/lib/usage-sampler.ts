import type { JobMetrics } from '@sitezip/contracts';

/**
 * Samples this process's CPU time and resident memory while a job runs. The numbers are
 * measured, never estimated: CPU percent is CPU time over wall time between samples
 * (100 % = one core busy), memory is the highest RSS seen.
 */
export class UsageSampler {
  private readonly startedAt = process.hrtime.bigint();
  private lastTime = this.startedAt;
  private lastCpu = process.cpuUsage();
  private readonly startCpu = this.lastCpu;
  private peakRss = process.memoryUsage.rss();
  private maxCpu = 0;
  private readonly timer: NodeJS.Timeout;

  constructor(intervalMs = 100) {
    this.timer = setInterval(() => this.sample(), intervalMs);
    this.timer.unref();
  }

  private sample(): void {
    const now = process.hrtime.bigint();
    const cpu = process.cpuUsage();
    const wallUs = Number(now - this.lastTime) / 1000;
    const cpuUs = cpu.user - this.lastCpu.user + cpu.system - this.lastCpu.system;
    if (wallUs > 0) this.maxCpu = Math.max(this.maxCpu, (cpuUs / wallUs) * 100);
    this.lastTime = now;
    this.lastCpu = cpu;
    this.peakRss = Math.max(this.peakRss, process.memoryUsage.rss());
  }

  stop(): JobMetrics {
    this.sample();
    clearInterval(this.timer);
    const wallUs = Number(this.lastTime - this.startedAt) / 1000;
    const cpu = process.cpuUsage(this.startCpu);
    const avg = wallUs > 0 ? ((cpu.user + cpu.system) / wallUs) * 100 : 0;
    return {
      peak_memory_mb: round(this.peakRss / (1024 * 1024)),
      avg_cpu_percent: round(avg),
      max_cpu_percent: round(Math.max(this.maxCpu, avg)),
      duration_sec: round(wallUs / 1e6, 3),
    };
  }
}

function round(value: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
