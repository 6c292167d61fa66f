import { extname } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { JobRow } from '../../db/schema.js';
import { HttpError } from '../../lib/http-error.js';
import { routeSchema } from '../../lib/route-schema.js';
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

const fileId = z.object({ id: z.string().describe('The job id of the download') });
const file = (description: string, type: string) => ({ description, content: { [type]: { schema: z.string() } } });

const zipSchema = routeSchema({
  summary: 'The ZIP of a finished download',
  description: 'Sent as an attachment; supports `Range` requests. Deleted (410) FILE_TTL_SECONDS after the job finished.',
  tag: 'downloads',
  params: fileId,
  response: { 200: file('The ZIP', 'application/zip'), 206: file('The requested byte range of the ZIP', 'application/zip') },
  errors: [404, 409, 410, 416],
});

const previewSchema = routeSchema({
  summary: 'A file of a finished download, for its preview',
  description:
    'Serves the captured page (and its files) from the ZIP, sandboxed by Content-Security-Policy into an opaque origin: its scripts cannot read the app\'s storage or call the API as the user.',
  tag: 'downloads',
  params: fileId.extend({ '*': z.string().describe('A path inside the archive; empty for index.html') }),
  response: { 200: file('The file, with the type its name says', '*/*') },
  errors: [400, 404, 409, 410],
});

const previewRootSchema = routeSchema({
  summary: 'Redirects to the preview of a download',
  tag: 'downloads',
  params: fileId,
  response: { 302: z.null().describe('To /preview/{id}/') },
  errors: [],
});

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

  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get('/files/:id', { schema: zipSchema }, async (request, reply) => {
    const row = await finishedJob(request.params.id);
    return sendStoredZip(request, reply, store, row.id, row.result?.filename ?? 'website.zip');
  });

  routes.get('/preview/:id/*', { schema: previewSchema }, async (request, reply) => {
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
      // The sandboxed page has an opaque origin, so its fonts (and module scripts, fetch()) are
      // cross-origin requests: without this every web font fails. These are the archived site's
      // public files; the header lets the preview read them, never the app's own responses.
      .header('access-control-allow-origin', '*')
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'no-referrer')
      .header('cache-control', 'private, max-age=300')
      .send(file.stream);
  });

  routes.get('/preview/:id', { schema: previewRootSchema }, async (request, reply) => reply.redirect(`/preview/${request.params.id}/`));
}
