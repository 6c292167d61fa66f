import { z } from 'zod';

/** Answer of `GET /health`. */
export const healthResponseSchema = z.object({ status: z.literal('ok') });
