import type { FastifyReply, FastifyRequest } from 'fastify';

/** A Server-Sent Events stream whose events are the keys of `Events`, each with its data. */
export interface SseStream<Events extends object> {
  send<E extends keyof Events & string>(event: E, data: Events[E]): void;
  close(): void;
  onClose(listener: () => void): void;
}

const HEARTBEAT_MS = 15_000;

/** Takes over the response as a Server-Sent Events stream with a heartbeat comment. */
export function openSse<Events extends object>(request: FastifyRequest, reply: FastifyReply): SseStream<Events> {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  raw.write(': connected\n\n');
  const heartbeat = setInterval(() => raw.write(': ping\n\n'), HEARTBEAT_MS);
  const listeners: (() => void)[] = [];
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    for (const listener of listeners) listener();
    raw.end();
  };
  request.raw.on('close', close);
  return {
    send(event, data) {
      if (!closed) raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    close,
    onClose: (listener) => void listeners.push(listener),
  };
}
