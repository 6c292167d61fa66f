import { z } from 'zod';
import { downloadModes } from './download.js';
import { jobStatusSchema } from './job-status.js';

/** Query of `GET /downloads`: pages count from 1. */
export const downloadHistoryQuerySchema = z.object({
  page: z.coerce.number({ error: 'page must be a number' }).int('page must be a whole number').min(1, 'page must be at least 1').max(100_000).default(1),
  limit: z.coerce.number({ error: 'limit must be a number' }).int('limit must be a whole number').min(1, 'limit must be from 1 to 100').max(100, 'limit must be from 1 to 100').default(20),
});
export type DownloadHistoryQuery = z.infer<typeof downloadHistoryQuerySchema>;

/** One past or running download of a signed-in user. */
export const downloadHistoryItemSchema = z.object({
  id: z.string(),
  url: z.string(),
  mode: z.enum(downloadModes),
  status: jobStatusSchema,
  /** Size of the ZIP in bytes, once there is one. */
  size_bytes: z.number().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  /** When the ZIP is (or was) deleted. */
  expires_at: z.string().nullable(),
  /** Present while the ZIP can still be downloaded. */
  download_url: z.string().nullable(),
  preview_url: z.string().nullable(),
  filename: z.string().nullable(),
  error: z.string().nullable(),
  /** The bulk download this job belongs to, if any. */
  bulk_id: z.string().nullable(),
});
export type DownloadHistoryItem = z.infer<typeof downloadHistoryItemSchema>;

/** How many finished downloads a plan without full history sees, beside the running ones. */
export const LIMITED_HISTORY_RECENT = 5;

/** Response of `GET /downloads`: newest first. */
export const downloadHistorySchema = z.object({
  items: z.array(downloadHistoryItemSchema),
  page: z.number().int(),
  limit: z.number().int(),
  /** Items in the whole (possibly limited) list. */
  total: z.number().int(),
  /** True when the plan shows only running and the last few downloads (full history is Yearly). */
  limited: z.boolean(),
  /** Why the list is limited and how to see all of it; null for full history. */
  upgrade_message: z.string().nullable(),
});
export type DownloadHistory = z.infer<typeof downloadHistorySchema>;
