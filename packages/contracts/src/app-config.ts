import { z } from 'zod';

/** `GET /config`: the server's settings the web app shows, readable without signing in. */
export const appConfigSchema = z.object({
  payments_enabled: z.boolean(),
  /** Where email support is reached (SUPPORT_EMAIL); null when the operator set none. */
  support_email: z.string().nullable(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;
