import { EventEmitter } from 'node:events';
import type { JobProgress } from '@sitezip/contracts';

/** `cancel` asks whoever runs the job to stop it; `finished` tells followers it ended. */
export type JobEvent = { type: 'progress'; progress: JobProgress } | { type: 'cancel' } | { type: 'finished' };

/**
 * Live job updates. The embedded twin is an in-process emitter; the scaled one relays the
 * same events through Redis so any API process can stream any job.
 */
export interface JobEvents {
  publish(jobId: string, event: JobEvent): void;
  subscribe(jobId: string, listener: (event: JobEvent) => void): () => void;
}

export class LocalJobEvents implements JobEvents {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  publish(jobId: string, event: JobEvent): void {
    this.emitter.emit(jobId, event);
  }

  subscribe(jobId: string, listener: (event: JobEvent) => void): () => void {
    this.emitter.on(jobId, listener);
    return () => this.emitter.off(jobId, listener);
  }
}
