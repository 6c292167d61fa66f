import { finalJobEventNames, type JobEventName, type JobProgress } from '@sitezip/contracts';
import { apiUrl } from '../../../lib/api-client';
import { parseJobProgress, parseJobView, type JobView } from './job-view';

export interface JobEventHandlers {
  /** `status`: the job as it stood when the stream opened. */
  onStatus(job: JobView): void;
  onProgress(progress: JobProgress): void;
  /** `done` or `failed`: the finished job. The stream is closed before this is called. */
  onFinish(job: JobView): void;
  /** The stream failed or sent something unreadable before a final event; it is closed. */
  onDrop(cause: unknown): void;
}

/**
 * Listens to `GET /jobs/:id/events` (Server-Sent Events). Exactly one of onFinish and onDrop is
 * called, once, unless the returned function closes the stream first.
 */
export function watchJobEvents(jobId: string, handlers: JobEventHandlers): () => void {
  const source = new EventSource(apiUrl(`/jobs/${encodeURIComponent(jobId)}/events`));
  let open = true;
  const close = () => {
    open = false;
    source.close();
  };

  const listen = <T>(type: JobEventName, parse: (body: unknown) => T, handle: (value: T) => void) => {
    source.addEventListener(type, (event) => {
      if (!open) return;
      let value: T;
      try {
        value = parse(JSON.parse((event as MessageEvent<string>).data));
      } catch (error) {
        close();
        return handlers.onDrop(error);
      }
      handle(value);
    });
  };

  listen('status', parseJobView, handlers.onStatus);
  listen('progress', parseJobProgress, handlers.onProgress);
  for (const type of finalJobEventNames) {
    listen(type, parseJobView, (job) => {
      close();
      handlers.onFinish(job);
    });
  }
  // The server ends the stream after the final event, so any error before it is a drop. Left
  // alone, EventSource would reconnect on its own; the caller decides what to do instead.
  source.addEventListener('error', (event) => {
    if (!open) return;
    close();
    handlers.onDrop(event);
  });
  return close;
}
