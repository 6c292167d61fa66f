import { existsSync, statSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { parse, type DefaultTreeAdapterMap } from 'parse5';

type Node = DefaultTreeAdapterMap['node'];

// Attributes whose value is a URL a browser follows or loads (srcset: a list of them).
const URL_ATTRIBUTES = new Set(['href', 'src', 'poster', 'data', 'background', 'action', 'xlink:href']);

export interface LinkCheck {
  htmlFiles: number;
  /** Local references checked (links, images, scripts, stylesheets...). */
  references: number;
  /** Local references that lead to no file: a dead link, a missing image, a page not saved. */
  broken: number;
  examples: string[];
}

/**
 * Reads every HTML file under `dir` (as a user would unzip or mirror it) and checks each local
 * reference: a relative URL must lead to a file, with its query and fragment dropped, as
 * file:// does. A root-relative one (`/x`) counts as broken: from file:// it points at the disk's
 * root. Absolute URLs (other sites, pages left online) are not local and not counted.
 */
export async function checkLocalLinks(dir: string): Promise<LinkCheck> {
  const check: LinkCheck = { htmlFiles: 0, references: 0, broken: 0, examples: [] };
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.html?$/i.test(entry.name) || entry.parentPath.includes('hts-cache')) continue;
    check.htmlFiles++;
    const file = join(entry.parentPath, entry.name);
    for (const reference of references(parse(await readFile(file, 'utf8')))) {
      const target = localTarget(reference, dirname(file));
      if (target === undefined) continue;
      check.references++;
      if (target && existsSync(target) && statSync(target).isFile()) continue;
      check.broken++;
      if (check.examples.length < 5) check.examples.push(`${file.slice(dir.length + 1)} → ${reference}`);
    }
  }
  return check;
}

function* references(node: Node): Generator<string> {
  if ('attrs' in node) {
    for (const { name, prefix, value } of node.attrs) {
      const full = prefix ? `${prefix}:${name}` : name;
      if (URL_ATTRIBUTES.has(full)) yield value;
      else if (name === 'srcset') for (const candidate of value.split(',')) yield candidate.trim().split(/\s+/)[0] ?? '';
    }
  }
  if ('content' in node && node.content) yield* references(node.content);
  if ('childNodes' in node) for (const child of node.childNodes) yield* references(child);
}

/** The file a reference leads to; undefined when it is not local; '' when it can lead to none. */
function localTarget(reference: string, from: string): string | undefined {
  const value = reference.trim();
  if (!value || value.startsWith('#') || value.startsWith('//') || /^[a-z][a-z0-9+.-]*:/i.test(value)) return undefined;
  if (value.startsWith('/')) return '';
  const path = value.replace(/[?#].*$/s, '');
  if (!path) return undefined;
  try {
    return resolve(from, decodeURIComponent(path));
  } catch {
    return '';
  }
}
