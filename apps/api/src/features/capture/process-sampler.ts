import { readFileSync, readdirSync } from 'node:fs';
import type { JobMetrics } from '@sitezip/contracts';

// Linux reports CPU time in clock ticks of 1/100 s (USER_HZ) on every architecture we run on.
const TICKS_PER_SECOND = 100;

export interface TreeUsage {
  /**
   * Memory the process and all its descendants hold privately (RssAnon + RssShmem), in bytes.
   * Summed VmRSS would count each shared library and shared page once per process: a browser's
   * nine processes add up to a gigabyte that way while holding a quarter of it.
   */
  privateBytes: number;
  /** The root process's own peak resident memory (VmHWM): a peak between two samples is not missed. */
  rootPeakBytes: number;
  /** CPU time (user + system) of the live processes of the tree, in microseconds. */
  cpuUs: number;
}

/** Reads a process tree's memory and CPU from /proc; undefined when the process is gone (or not on Linux). */
export function readTreeUsage(pid: number): TreeUsage | undefined {
  const own = readProcess(pid);
  if (!own) return undefined;
  const usage = { ...own };
  for (const child of childrenOf(pid)) {
    const sub = readTreeUsage(child);
    if (sub) {
      usage.privateBytes += sub.privateBytes;
      usage.cpuUs += sub.cpuUs;
    }
  }
  return usage;
}

function readProcess(pid: number): TreeUsage | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    // The command name may hold spaces and parentheses: the fields start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    const status = readFileSync(`/proc/${pid}/status`, 'latin1');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0) * 1024;
    return { privateBytes: kb('RssAnon') + kb('RssShmem'), rootPeakBytes: kb('VmHWM'), cpuUs: (ticks * 1e6) / TICKS_PER_SECOND };
  } catch {
    return undefined;
  }
}

function childrenOf(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((tid) =>
      readFileSync(`/proc/${pid}/task/${tid}/children`, 'latin1').split(' ').filter(Boolean).map(Number),
    );
  } catch {
    return [];
  }
}

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
