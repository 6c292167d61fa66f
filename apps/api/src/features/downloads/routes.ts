import { createReadStream } from 'node:fs';
import { downloadRequestSchema } from '@sitezip/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { HttpError } from '../../lib/http-error.js';
import { parseBody } from '../../lib/parse-body.js';
import { createDownload } from './download-service.js';
import type { LocalFileStore } from './file-store.js';

export function downloadRoutes(app: FastifyInstance, config: Readonly<Config>, store: LocalFileStore): void {
  app.post('/download', async (request) => {
    const body = parseBody(downloadRequestSchema, request.body);
    return createDownload(config, store, body);
  });

  app.get<{ Params: { id: string } }>('/files/:id', async (request, reply) => {
    const meta = await store.readMeta(request.params.id);
    if (!meta) throw new HttpError(404, 'This download does not exist or has expired.');
    return reply
      .type('application/zip')
      .header('content-length', meta.bytes)
      .header('content-disposition', `attachment; filename="${meta.filename}"`)
      .header('cache-control', 'private, no-store')
      .send(createReadStream(store.zipPath(request.params.id)));
  });
}
