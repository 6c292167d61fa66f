import { z } from 'zod';
import { plans } from './plans.js';

/** Body of `POST /admin/plan`, which `npm run admin -- set-plan` sends to a running server. */
export const setPlanRequestSchema = z.object({
  email: z.string({ error: 'email is required' }),
  plan: z.enum(plans, { error: `plan must be one of: ${plans.join(', ')}` }),
});
export type SetPlanRequest = z.infer<typeof setPlanRequestSchema>;
