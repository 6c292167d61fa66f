import { readFileSync, readdirSync } from 'node:fs';

// Chromium's processes as Linux shows them: the browser (no --type switch) and its renderers.
// Parents come from each process's PPid (a sandboxed zygote's children are not all listed in
// its /proc children file).

function commandLine(pid: number): string[] {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'latin1').split('\0');
  } catch {
    return [];
  }
}

function status(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/status`, 'latin1');
  } catch {
    return '';
  }
}

/** Every live process under `root`. */
function descendants(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    const parent = Number(/^PPid:\s+(\d+)/m.exec(status(pid))?.[1]);
    if (pid && parent) children.set(parent, [...(children.get(parent) ?? []), pid]);
  }
  const under = (pid: number): number[] => (children.get(pid) ?? []).flatMap((child) => [child, ...under(child)]);
  return under(root);
}

const isChromium = (args: string[]) => /chrom(e|ium)$/.test(args[0] ?? '');

/** Chromium browser processes started under this process (by any capture or shared browser), by pid. */
export function chromiumBrowsers(): number[] {
  return descendants(process.pid).filter((pid) => {
    const args = commandLine(pid);
    return isChromium(args) && !args.some((arg) => arg.startsWith('--type='));
  });
}

/** Renderer processes of the browser `pid`: one at least per open page of another context. */
export function renderersOf(pid: number): number {
  // Zygote-forked processes rewrite their title: the command line becomes one space-separated string.
  return descendants(pid).filter((child) => commandLine(child).join(' ').includes(' --type=renderer ')).length;
}

/** The real user id a process runs as. */
export function uidOf(pid: number): number {
  return Number(/^Uid:\s+(\d+)/m.exec(status(pid))?.[1]);
}
