import { z } from 'zod';

/** Every API error body: `{"detail": "..."}`. */
export const errorBodySchema = z.object({ detail: z.string() });
export type ErrorBody = z.infer<typeof errorBodySchema>;
