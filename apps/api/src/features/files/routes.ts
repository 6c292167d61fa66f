import { extname } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { JobRow } from '../../db/schema.js';
import { HttpError } from '../../lib/http-error.js';
import { isJobId } from '../jobs/job-id.js';
import type { JobsRepository } from '../jobs/jobs-repository.js';
import type { FileStore } from './file-store.js';
import { EXPIRED_MESSAGE, sendStoredZip } from './send-stored-zip.js';
import type { ZipPreview } from './zip-preview.js';

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.htm': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.eot': 'application/vnd.ms-fontobject',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.mp3': 'audio/mpeg',
  '.ogg': 'audio/ogg',
  '.vtt': 'text/vtt',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.pdf': 'application/pdf',
};

/**
 * Captured pages run third-party scripts. Served sandboxed without allow-same-origin, they get
 * an opaque origin: no access to the app's localStorage (the token), and calls to the API are
 * cross-origin requests without credentials.
 */
export const PREVIEW_CSP =
  "sandbox allow-scripts allow-forms allow-popups allow-modals; default-src 'self' data: blob: 'unsafe-inline' 'unsafe-eval'";

export interface FileRoutesDeps {
  jobs: JobsRepository;
  store: FileStore;
  preview: ZipPreview;
}

/** `GET /files/:id` (the ZIP, with Range requests) and `/preview/:id/*` (its files, sandboxed). */
export async function fileRoutes(app: FastifyInstance, deps: FileRoutesDeps): Promise<void> {
  const { jobs, store, preview } = deps;
  /** The finished job behind a file id; 404 for unknown ids, 410 once expired. */
  const finishedJob = async (id: string): Promise<JobRow> => {
    const row = isJobId(id) ? await jobs.get(id) : undefined;
    if (!row || row.status === 'failed' || row.status === 'cancelled') throw new HttpError(404, 'This download does not exist.');
    if (row.status === 'expired' || (row.expiresAt && row.expiresAt.getTime() <= Date.now())) throw new HttpError(410, EXPIRED_MESSAGE);
    if (row.status !== 'done') throw new HttpError(409, 'This download is not ready yet.');
    return row;
  };

  app.get<{ Params: { id: string } }>('/files/:id', async (request, reply) => {
    const row = await finishedJob(request.params.id);
    return sendStoredZip(request, reply, store, row.id, row.result?.filename ?? 'website.zip');
  });

  app.get<{ Params: { id: string; '*': string } }>('/preview/:id/*', async (request, reply) => {
    const row = await finishedJob(request.params.id);
    let path: string;
    try {
      path = decodeURIComponent(request.params['*'] || 'index.html');
    } catch {
      throw new HttpError(400, 'Malformed path');
    }
    if (path.endsWith('/')) path += 'index.html';
    const file = await preview.open(row.id, path);
    if (!file) throw new HttpError(404, 'Not in this archive.');
    return reply
      .type(TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream')
      .header('content-length', file.size)
      .header('content-security-policy', PREVIEW_CSP)
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'no-referrer')
      .header('cache-control', 'private, max-age=300')
      .send(file.stream);
  });

  app.get<{ Params: { id: string } }>('/preview/:id', async (request, reply) => reply.redirect(`/preview/${request.params.id}/`));
}
