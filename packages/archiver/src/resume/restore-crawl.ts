import { track, type CaptureContext } from '../capture/context.js';
import { isSharedFile } from './crawl-snapshot.js';
import type { Frontier } from '../crawl/frontier.js';
import type { PageLog } from '../update/page-log.js';
import type { CrawlSnapshot } from './crawl-record.js';

/**
 * Puts what an interrupted crawl saved back in place: its pages admitted again with the paths
 * links to them were written with (saved ones not queued), its resources answered from the
 * journal instead of fetched, its refusals counted, its pages' references logged (see PageLog). Everything restored is recorded again, so
 * that the new journal alone describes the crawl. Returns the start page, already saved.
 */
export function restoreCrawl(ctx: CaptureContext, frontier: Frontier, snapshot: CrawlSnapshot, log: PageLog): { finalUrl: string; title: string | undefined } {
  const { start } = snapshot;
  for (const refusal of snapshot.refusals) {
    if (refusal.t === 'refused') ctx.refusals.refuse(refusal.url, refusal.code, refusal.reason, refusal.stopMessage);
    else ctx.refusals.stopBy(refusal.code, refusal.message);
  }
  ctx.paths.reserve('index.html', start.finalUrl);
  ctx.pageUrls.add(start.finalUrl);
  for (const url of ctx.pageUrls) void ctx.queue.get(url, async () => ({ ok: true, path: 'index.html' }));
  ctx.manifest.set(start.key, start.entry);
  ctx.record(start);
  let pagesDone = 0;
  for (const { page, saved, deps } of snapshot.pages) {
    frontier.restore(page, saved !== undefined);
    if (page.path !== 'index.html') ctx.paths.reserve(page.path, page.canonical);
    ctx.record({ t: 'admit', page });
    if (!saved) continue;
    pagesDone++;
    if (page.path === 'index.html') continue;
    ctx.manifest.add(saved);
    if (deps) log.note(deps);
    ctx.record({ t: 'page', canonical: page.canonical, entry: saved, ...(deps ? { deps } : {}) });
  }
  ctx.progress.pagesDone = pagesDone;
  frontier.saved(start.finalUrl, 'index.html');
  for (const content of snapshot.contents) {
    ctx.contents.set(content.digest, content.path);
    ctx.record(content);
  }
  for (const record of snapshot.resources) {
    const { key, outcome, entry } = record;
    ctx.manifest.set(key, entry);
    void ctx.queue.get(key, async () => outcome);
    ctx.progress.found++;
    ctx.progress.done++;
    if (outcome.ok) {
      ctx.paths.reserve(outcome.path, entry.finalUrl ?? entry.url);
      ctx.committedBytes += entry.bytes ?? 0;
    } else ctx.progress.failed++;
    ctx.record(record);
  }
  // Pages saved from here that load a reused live script load the modules it imports too.
  for (const record of snapshot.scriptImports) {
    ctx.scriptModules.set(record.path, record.modules);
    ctx.record(record);
  }
  for (const record of snapshot.siteResponses) {
    for (const key of record.keys) if (ctx.siteResponses && !ctx.siteResponses.has(key)) ctx.siteResponses.set(key, record.path);
    ctx.record(record);
  }
  for (const record of snapshot.logged) {
    log.note(record.deps);
    ctx.record(record);
  }
  ctx.progress.bytes += snapshot.entries.reduce((sum, entry) => sum + entry.size, 0);
  // Shared files carried over (replay layers, module registrations) are not saved again by the pages from here.
  for (const { path } of snapshot.entries) if (isSharedFile(path)) ctx.sharedFiles.set(path, Promise.resolve());
  // Files saved pages already link to: fetched again, to the same paths.
  for (const request of snapshot.refetch) track(ctx, ctx.resolve(request).then(() => undefined));
  return { finalUrl: start.finalUrl, title: start.title };
}
