import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isArchiveError, type CaptureProgress } from '@sitezip/archiver';
import { isFinalStatus, planLimits, planOf, type SiteRequest } from '@sitezip/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { JobResult, JobRow } from '../../db/schema.js';
import { HttpError } from '../../lib/http-error.js';
import { throttleLatest } from '../../lib/throttle.js';
import { toHttpError } from './archive-errors.js';
import { failureToReport, httpFallbackUrl } from './http-fallback.js';
import { withoutPaths } from './log-privacy.js';
import { stopNotice } from './stop-notice.js';
import { CaptureProcessError, type CapturePool } from '../capture/capture-pool.js';
import type { CaptureRequest, CaptureSummary } from '../capture/capture-protocol.js';
import type { CrawlCheckpoints } from '../crawl-state/crawl-checkpoints.js';
import type { FileStore } from '../files/file-store.js';
import type { JobEvents } from './job-events.js';
import type { AfterJob } from './job-cancel.js';
import type { JobsRepository } from './jobs-repository.js';

export interface JobRunnerDeps {
  config: Readonly<Config>;
  jobs: JobsRepository;
  store: FileStore;
  events: JobEvents;
  captures: CapturePool;
  log: FastifyBaseLogger;
  /** Called with the final row once a job this runner claimed is over (frees held slots, completes bulks). */
  afterJob?: AfterJob;
  /** Full Website crawls copied to the object store as they run (scaled shape): any worker can continue them. */
  checkpoints?: CrawlCheckpoints | undefined;
}

const PROGRESS_SAVE_MS = 500;
// The cancel event is the fast path; the row is the truth when an event across processes was missed.
const CANCEL_CHECK_MS = 1_000;
// The engine stops itself at its time budget and saves what it has; this is for a capture that cannot.
const DEADLINE_GRACE_MS = 15_000;

export function zipFilename(url: string): string {
  return `${new URL(url).hostname.replace(/[^a-z0-9.-]/gi, '_') || 'website'}.zip`;
}

/** Logs name the host only: the full URL of an anonymous job is nobody's business. */
function hostOf(row: JobRow): string {
  return new URL(row.url).host;
}

export interface RunOptions {
  signal?: AbortSignal;
  /**
   * The queue will run the job again: a retryable failure (the site timed out, the network
   * dropped) then puts the job back to queued and rethrows instead of failing it.
   */
  canRetry?: boolean;
}

/** Runs one job: capture into the store, publish progress, record the outcome. */
export async function runJob(deps: JobRunnerDeps, jobId: string, run: RunOptions = {}): Promise<void> {
  const { jobs, store, events, config } = deps;
  // Listening before the job is claimed: a cancel sent while it starts is not missed.
  const cancelled = new AbortController();
  const unsubscribe = events.subscribe(jobId, (event) => {
    if (event.type === 'cancel') cancelled.abort();
  });
  if (!(await jobs.markRunning(jobId))) return unsubscribe();
  const row = await jobs.get(jobId);
  if (!row) return unsubscribe();
  const signal = run.signal ? AbortSignal.any([run.signal, cancelled.signal]) : cancelled.signal;
  const cancelCheck = setInterval(() => {
    jobs.get(jobId).then((now) => now?.status === 'cancelled' && cancelled.abort(), () => undefined);
  }, CANCEL_CHECK_MS);
  const log = deps.log.child({ jobId, host: hostOf(row) });
  const limits = planLimits[planOf(row.plan)];
  const saver = throttleLatest((progress: CaptureProgress) => {
    jobs.saveProgress(jobId, progress).catch((error: unknown) => log.warn({ err: error }, 'could not save progress'));
  }, PROGRESS_SAVE_MS);
  // Events carry every change the capture sends (at most ten a second); the database gets the latest every half second.
  const onProgress = (progress: CaptureProgress) => {
    events.publish(jobId, { type: 'progress', progress });
    saver.push(progress);
  };
  log.info('job started');
  try {
    const full = row.mode === 'full';
    const totalTimeoutMs = full ? config.siteCaptureTimeoutMs : config.captureTimeoutMs;
    const options = {
      allowPrivateNetworks: config.allowPrivateNetworks,
      totalTimeoutMs,
      maxTotalBytes: limits.maxZipBytes,
      render: row.render,
      renderTimeoutMs: config.renderTimeoutMs,
      ...(full ? crawlOptions(row.siteOptions, limits.maxPages) : {}),
    };
    const hooks = { onProgress, deadlineMs: totalTimeoutMs + DEADLINE_GRACE_MS, signal };
    const stateDir = full ? crawlStateDir(jobId) : undefined;
    const startRun = stateDir && deps.checkpoints ? await deps.checkpoints.prepare(jobId, stateDir, log) : undefined;
    const capture = async (url: string) => {
      const run = await startRun?.();
      try {
        const request = { url, mode: row.mode, options, ...(stateDir ? { stateDir } : {}) };
        return await deps.captures.run(request, store.createUpload(jobId), { ...hooks, ...(run ? { onStateOpened: run.onStateOpened } : {}) });
      } finally {
        await run?.stop();
      }
    };
    const { summary, metrics } = await capture(row.url).catch(async (error: unknown) => {
      const fallback = httpFallbackUrl(row, error);
      if (!fallback) throw error;
      log.info({ code: isArchiveError(error) ? error.connection : undefined }, 'https could not connect; trying http');
      const outcome = await capture(fallback).catch((second: unknown) => {
        throw failureToReport(error, second);
      });
      await jobs.setUrl(jobId, fallback);
      return outcome;
    });
    saver.flush();
    const bytes = (await store.stat(jobId))?.bytes ?? 0;
    const host = new URL(summary.finalUrl).host;
    const failed = summary.failures ? `, ${summary.failures} could not be downloaded` : '';
    const capped = stopNotice(summary.stoppedByCode, {
      maxZipBytes: limits.maxZipBytes,
      planPages: limits.maxPages,
      askedPages: row.siteOptions?.max_pages,
      maxDepth: row.siteOptions?.max_depth,
    });
    const pages = row.mode === 'full' ? `${summary.pages} pages, ` : '';
    const result: JobResult = {
      filename: zipFilename(summary.finalUrl),
      zipBytes: bytes,
      files: summary.files,
      failures: summary.failures,
      message: `Saved ${pages}${summary.files} files from ${host}${failed}.${capped}${renderNotice(summary.rendered)}`,
      stoppedBy: summary.stoppedBy ?? null,
      metrics,
    };
    if (!(await jobs.markDone(jobId, result, new Date(Date.now() + config.jobs.fileTtlMs)))) {
      // Cancelled as the capture finished: the ZIP nobody wants any more goes.
      await store.delete(jobId);
      log.info('job cancelled');
      return;
    }
    log.info({ files: summary.files, bytes, durationSec: metrics.duration_sec }, 'job done');
  } catch (error) {
    if (cancelled.signal.aborted) {
      // The capture pool dropped the partial ZIP; the row already says cancelled.
      log.info('job cancelled');
      return;
    }
    if (run.canRetry && isArchiveError(error) && error.retryable) {
      log.info({ code: error.code }, 'job will be retried');
      await jobs.requeue(jobId);
      throw error;
    }
    const failure = toHttpError(error);
    if (error instanceof CaptureProcessError) {
      log.warn({ death: error.death, detail: withoutPaths(error.message).slice(-2000) }, 'capture process died');
    }
    if (failure instanceof HttpError) {
      await jobs.markFailed(jobId, failure.message, failure.statusCode);
      log.info({ code: isArchiveError(error) ? error.code : undefined }, 'job failed');
    } else {
      log.error({ err: error }, 'job crashed');
      await jobs.markFailed(jobId, 'The download failed unexpectedly. Please try again.', 500);
    }
  } finally {
    clearInterval(cancelCheck);
    unsubscribe();
    saver.cancel();
    events.publish(jobId, { type: 'finished' });
    await finished(deps, jobId, log);
  }
}

/**
 * Where a Full Website job's crawl keeps its state while the job is not over: a job taken over
 * after its worker died continues from it (in the scaled shape, a worker on another machine
 * first rebuilds it from the job's checkpoints, see crawl-state/). Under the system's temporary folder, which the capture
 * process's unprivileged user can reach whatever DATA_DIR's permissions.
 */
export function crawlStateDir(jobId: string): string {
  return join(tmpdir(), 'sitezip-crawl-state', jobId);
}

async function finished(deps: JobRunnerDeps, jobId: string, log: FastifyBaseLogger): Promise<void> {
  try {
    const row = await deps.jobs.get(jobId);
    if (!row || !isFinalStatus(row.status)) return;
    // Kept for a retry of the job; once it is over, nothing continues the crawl.
    await rm(crawlStateDir(jobId), { recursive: true, force: true });
    await deps.checkpoints?.discard(jobId);
    await deps.afterJob?.(row);
  } catch (error) {
    log.error({ err: error }, 'could not complete what follows a job');
  }
}

/** A Full Website job's crawl: the user's choices, never past the plan's page limit. */
function crawlOptions(site: SiteRequest | null, planPages: number): CaptureRequest['options'] {
  return {
    maxPages: Math.min(planPages, site?.max_pages ?? planPages),
    ...(site?.max_depth !== undefined ? { maxDepth: site.max_depth } : {}),
    ...(site?.scope ? { scope: site.scope } : {}),
    ...(site?.exclude?.length ? { exclude: site.exclude } : {}),
  };
}

/** What the result says about render mode: the page was rendered, or was to be and why it was not. */
function renderNotice(rendered: CaptureSummary['rendered']): string {
  if (rendered.failed) return ` Saved as served, without running its scripts: ${rendered.failed.replace(/[.]?$/, '.')}`;
  return rendered.pages > 0 ? ' Rendered in a browser first: its scripts built the page.' : '';
}
