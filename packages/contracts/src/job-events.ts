import type { JobProgress } from './job-progress.js';
import type { JobView } from './job-view.js';

/**
 * The events of `GET /jobs/:id/events` (Server-Sent Events): `status` once when the stream
 * opens, `progress` while the capture runs, then `done` or `failed`, after which it closes.
 */
export const jobEventNames = ['status', 'progress', 'done', 'failed'] as const;
export type JobEventName = (typeof jobEventNames)[number];

/** The events after which the stream closes. */
export const finalJobEventNames = ['done', 'failed'] as const satisfies readonly JobEventName[];

/** The data each event carries, as JSON: the job itself, or for `progress` its counters. */
export type JobEventData = { [E in JobEventName]: E extends 'progress' ? JobProgress : JobView };
