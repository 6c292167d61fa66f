import { readTreeUsage, type TreeUsage } from '@sitezip/archiver';
import type { JobMetrics } from '@sitezip/contracts';

/**
 * Samples one capture's process tree while it runs: the metrics describe that capture alone.
 * CPU percent is CPU time over wall time (100 = one core busy); memory is the highest RSS seen.
 */
export class ProcessSampler {
  private readonly startedAt = performance.now();
  private lastAt = this.startedAt;
  private readonly baseCpuUs: number;
  private lastCpuUs: number;
  private cpuUs = 0;
  private peakRss = 0;
  private maxCpu = 0;

  constructor(private readonly pid: number) {
    // A warm process loaded the engine before this capture: that CPU time is not the capture's.
    const usage = readTreeUsage(pid);
    this.baseCpuUs = this.lastCpuUs = usage?.cpuUs ?? 0;
    this.peakRss = peakOf(usage);
  }

  /** Takes a sample; returns the tree's private memory now (0 once it has exited). */
  sample(): number {
    const usage = readTreeUsage(this.pid);
    const now = performance.now();
    if (!usage) return 0;
    const wallUs = (now - this.lastAt) * 1000;
    if (wallUs > 0) this.maxCpu = Math.max(this.maxCpu, ((usage.cpuUs - this.lastCpuUs) / wallUs) * 100);
    this.lastAt = now;
    this.lastCpuUs = usage.cpuUs;
    this.cpuUs = Math.max(this.cpuUs, usage.cpuUs - this.baseCpuUs);
    this.peakRss = Math.max(this.peakRss, peakOf(usage));
    return usage.privateBytes;
  }

  /**
   * The capture's own account of its CPU time fills in what sampling missed after the last
   * sample. (Its own peak RSS is no use: Linux carries the parent's peak over into a forked
   * child's ru_maxrss; VmHWM starts afresh.)
   */
  note(reported: { cpuUs: number }): void {
    this.cpuUs = Math.max(this.cpuUs, reported.cpuUs);
  }

  metrics(): JobMetrics {
    const wallUs = (performance.now() - this.startedAt) * 1000;
    const avg = wallUs > 0 ? (this.cpuUs / wallUs) * 100 : 0;
    return {
      peak_memory_mb: round(this.peakRss / (1024 * 1024)),
      avg_cpu_percent: round(avg),
      max_cpu_percent: round(Math.max(this.maxCpu, avg)),
      duration_sec: round(wallUs / 1e6, 3),
    };
  }
}

/** A capture's peak: its own process's (libraries included), or its tree's private memory when more. */
function peakOf(usage: TreeUsage | undefined): number {
  return usage ? Math.max(usage.rootPeakBytes, usage.privateBytes) : 0;
}

function round(value: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
