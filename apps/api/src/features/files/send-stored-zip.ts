import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/http-error.js';
import { parseRange } from './byte-range.js';
import type { FileStore } from './file-store.js';

export const EXPIRED_MESSAGE = 'This download has expired and was deleted. Please create it again.';

/** Sends a stored ZIP as an attachment, whole or by `Range` (206/416); 410 when it is gone. */
export async function sendStoredZip(request: FastifyRequest, reply: FastifyReply, store: FileStore, id: string, filename: string) {
  const stat = await store.stat(id);
  if (!stat) throw new HttpError(410, EXPIRED_MESSAGE);
  const range = parseRange(request.headers.range, stat.bytes);
  if (range === 'unsatisfiable') {
    return reply.status(416).header('content-range', `bytes */${stat.bytes}`).send({ detail: 'Requested range not satisfiable' });
  }
  reply
    .type('application/zip')
    .header('accept-ranges', 'bytes')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'private, no-store');
  if (!range) return reply.header('content-length', stat.bytes).send(await store.read(id));
  return reply
    .status(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${stat.bytes}`)
    .header('content-length', range.end - range.start + 1)
    .send(await store.read(id, range));
}
