import { readFileSync, readdirSync } from 'node:fs';

// Linux /proc readings of the browser's process tree. Playwright does not tell which process it
// started; the host finds it among this process's children by a marker in its command line.

/** The child of this process whose command line holds `marker`; undefined off Linux. */
export function findChildWithArgument(marker: string): number | undefined {
  return childrenOf(process.pid).find((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'latin1').split('\0').includes(marker);
    } catch {
      return false;
    }
  });
}

export interface TreeMemory {
  /** Processes in the tree now. */
  processes: number;
  /** Sum of VmRSS: counts the shared libraries once per process (Chromium: ~900 MB idle). */
  rssBytes: number;
  /**
   * Sum of anonymous and shared-memory resident pages (RssAnon + RssShmem): what grows when a page
   * allocates, without the mapped binary. Cheap to read, unlike PSS (smaps_rollup walks page tables).
   */
  privateBytes: number;
}

/** Memory of `pid` and all its descendants; undefined when the process is gone. */
export function readTreeMemory(pid: number): TreeMemory | undefined {
  const pids = treeOf(pid);
  const total: TreeMemory = { processes: 0, rssBytes: 0, privateBytes: 0 };
  for (const member of pids) {
    let status: string;
    try {
      status = readFileSync(`/proc/${member}/status`, 'latin1');
    } catch {
      continue;
    }
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0) * 1024;
    total.processes++;
    total.rssBytes += kb('VmRSS');
    total.privateBytes += kb('RssAnon') + kb('RssShmem');
  }
  return total.processes ? total : undefined;
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
