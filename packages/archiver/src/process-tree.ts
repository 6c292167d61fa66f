import { readFileSync, readdirSync } from 'node:fs';

// Linux /proc readings of a process tree: the renderer's browser, the API's capture processes.

// Linux reports CPU time in clock ticks of 1/100 s (USER_HZ) on every architecture we run on.
const TICKS_PER_SECOND = 100;

export interface TreeUsage {
  /** Processes in the tree now. */
  processes: number;
  /** Sum of VmRSS: counts the shared libraries once per process (Chromium: ~900 MB idle). */
  rssBytes: number;
  /**
   * Sum of anonymous and shared-memory resident pages (RssAnon + RssShmem): what grows when a page
   * allocates, without the mapped binary. Cheap to read, unlike PSS (smaps_rollup walks page tables).
   */
  privateBytes: number;
  /** The root process's own peak resident memory (VmHWM): a peak between two readings is not missed. */
  rootPeakBytes: number;
  /** CPU time (user + system) of the tree's live processes, in microseconds. */
  cpuUs: number;
}

/** Memory and CPU of `pid` and all its descendants; undefined when the process is gone (or off Linux). */
export function readTreeUsage(pid: number): TreeUsage | undefined {
  const total: TreeUsage = { processes: 0, rssBytes: 0, privateBytes: 0, rootPeakBytes: 0, cpuUs: 0 };
  for (const member of treeOf(pid)) {
    let status: string;
    let stat: string;
    try {
      status = readFileSync(`/proc/${member}/status`, 'latin1');
      stat = readFileSync(`/proc/${member}/stat`, 'latin1');
    } catch {
      continue;
    }
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0) * 1024;
    // The command name may hold spaces and parentheses: the fields start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    total.processes++;
    total.rssBytes += kb('VmRSS');
    total.privateBytes += kb('RssAnon') + kb('RssShmem');
    if (member === pid) total.rootPeakBytes = kb('VmHWM');
    total.cpuUs += ((Number(fields[11]) + Number(fields[12])) * 1e6) / TICKS_PER_SECOND;
  }
  return total.processes ? total : undefined;
}

/**
 * CPU time (user + system, microseconds) of each live process of the tree by pid: sampled until
 * the tree ends, the highest reading of each pid sums to the tree's CPU time, where a killed
 * process's time never reaches its parent's rusage (benchmarks).
 */
export function readTreeCpu(pid: number): Map<number, number> {
  const out = new Map<number, number>();
  for (const member of treeOf(pid)) {
    try {
      const stat = readFileSync(`/proc/${member}/stat`, 'latin1');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(member, ((Number(fields[11]) + Number(fields[12])) * 1e6) / TICKS_PER_SECOND);
    } catch {
      // Gone meanwhile.
    }
  }
  return out;
}

/**
 * SIGKILL to the browser's process group (Playwright starts it as a group leader) and to every
 * descendant found, in case one left the group.
 */
export function killTree(pid: number): void {
  const members = treeOf(pid);
  for (const target of [-pid, ...members]) {
    try {
      process.kill(target, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}

function treeOf(pid: number): number[] {
  const out: number[] = [];
  const visit = (member: number) => {
    out.push(member);
    for (const child of childrenOf(member)) visit(child);
  };
  visit(pid);
  return out;
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
