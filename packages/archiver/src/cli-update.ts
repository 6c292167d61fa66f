import { resolve } from 'node:path';
import type { UpdateReport } from './capture/manifest.js';
import { UsageError } from './cli-options.js';
import type { PreviousCopy } from './update/previous-copy.js';

/**
 * Opens the ZIP `--update` names, or throws a UsageError (exit 2) saying why it cannot be
 * updated. The new copy is written to `<output>.partial` and renamed at the end, so `-o` may
 * name the previous ZIP itself: it is read until the new one is complete.
 */
export async function openPreviousCopy(path: string, url: string, partial: string, inMemoryBytes: number): Promise<PreviousCopy> {
  if (resolve(path) === resolve(partial)) throw new UsageError(`--update cannot read ${path}: the new copy is written there`);
  // Loaded only for an update: yauzl is no part of a plain capture's start-up.
  const { PreviousCopy, PreviousCopyError } = await import('./update/previous-copy.js');
  try {
    return await PreviousCopy.open(path, url, inMemoryBytes);
  } catch (error) {
    if (error instanceof PreviousCopyError) throw new UsageError(`--update: ${error.message}`);
    throw error;
  }
}

const LISTED = 10;

/** The summary's lines about an update: the counts, then the first URLs of each change. */
export function updateLines(report: UpdateReport): string[] {
  const { unchanged, notModified, fresh, changed, new: added, gone } = report;
  const notAsked = fresh ? `, ${fresh} still fresh and not asked` : '';
  const lines = [
    `  updated: ${unchanged} unchanged (${notModified} answered 304${notAsked}, copied from the previous ZIP), ${changed.count} changed, ` +
      `${added.count} new, ${gone.count} gone since the previous copy`,
  ];
  for (const [label, list] of [['changed', changed], ['new', added], ['gone', gone]] as const) {
    for (const url of list.urls.slice(0, LISTED)) lines.push(`    ${label}: ${url}`);
    if (list.count > LISTED) lines.push(`    ${label}: ${list.count - LISTED} more (see "update" in the manifest)`);
  }
  return lines;
}
