import { randomBytes } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { archivePage, zipFileSink } from '@sitezip/archiver';
import type { DownloadRequest, DownloadResponse } from '@sitezip/contracts';
import type { Config } from '../../config.js';
import { HttpError } from '../../lib/http-error.js';
import { UsageSampler } from '../../lib/usage-sampler.js';
import { toHttpError } from './archive-errors.js';
import type { LocalFileStore } from './file-store.js';

/** The spec's URL rule on the server too: a missing scheme is completed with https://. */
export function completeUrl(raw: string): string {
  const trimmed = raw.trim();
  const url = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new HttpError(422, 'Invalid website address. Please enter a valid URL (e.g., example.com or https://example.com)');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new HttpError(422, 'URL must use HTTP or HTTPS protocol');
  }
  return parsed.href;
}

export function zipFilename(url: string): string {
  return `${new URL(url).hostname.replace(/[^a-z0-9.-]/gi, '_') || 'website'}.zip`;
}

/** Captures a page into the file store and describes the result as the spec's response. */
export async function createDownload(
  config: Readonly<Config>,
  store: LocalFileStore,
  request: DownloadRequest,
): Promise<DownloadResponse> {
  if (request.mode === 'full') {
    throw new HttpError(403, 'Full Website downloads need a premium plan (monthly or yearly).');
  }
  const url = completeUrl(request.url);
  const id = randomBytes(16).toString('base64url');
  const sampler = new UsageSampler();
  try {
    const summary = await archivePage(url, zipFileSink(store.zipPath(id)), {
      allowPrivateNetworks: config.allowPrivateNetworks,
      totalTimeoutMs: config.captureTimeoutMs,
    });
    const metrics = sampler.stop();
    const filename = zipFilename(summary.finalUrl);
    const { size } = await stat(store.zipPath(id));
    await store.saveMeta(id, { filename, url: summary.finalUrl, createdAt: new Date().toISOString(), bytes: size });
    const failed = summary.failures ? `, ${summary.failures} could not be downloaded` : '';
    return {
      success: true,
      message: `Saved ${summary.files} files from ${new URL(summary.finalUrl).host}${failed}.`,
      download_url: `/files/${id}`,
      filename,
      metrics,
    };
  } catch (error) {
    sampler.stop();
    throw toHttpError(error);
  }
}
