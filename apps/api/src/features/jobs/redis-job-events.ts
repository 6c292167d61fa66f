import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';
import type { JobEvent, JobEvents } from './job-events.js';

/**
 * Job events through Redis pub/sub: a worker publishes, every API process with a listener for
 * that job (an SSE stream, a waiting POST /download) receives. One channel per job.
 */
export class RedisJobEvents implements JobEvents {
  private readonly local = new EventEmitter().setMaxListeners(0);

  constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    private readonly prefix: string,
  ) {
    subscriber.on('message', (channel: string, message: string) => {
      try {
        this.local.emit(channel, JSON.parse(message) as JobEvent);
      } catch {
        // A malformed message is dropped; the job's state is in the database anyway.
      }
    });
  }

  publish(jobId: string, event: JobEvent): void {
    this.publisher.publish(this.channel(jobId), JSON.stringify(event)).catch(() => undefined);
  }

  subscribe(jobId: string, listener: (event: JobEvent) => void): () => void {
    const channel = this.channel(jobId);
    if (this.local.listenerCount(channel) === 0) this.subscriber.subscribe(channel).catch(() => undefined);
    this.local.on(channel, listener);
    return () => {
      this.local.off(channel, listener);
      if (this.local.listenerCount(channel) === 0) this.subscriber.unsubscribe(channel).catch(() => undefined);
    };
  }

  private channel(jobId: string): string {
    return `${this.prefix}:job:${jobId}`;
  }
}
