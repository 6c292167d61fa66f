import { timingSafeEqual } from 'node:crypto';
import { setPlanRequestSchema, userSchema } from '@sitezip/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError } from '../../lib/http-error.js';
import { routeSchema } from '../../lib/route-schema.js';
import type { AdminService } from './admin-service.js';

function sameToken(given: string | string[] | undefined, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

const listUsersSchema = routeSchema({ summary: 'Every user with their plan', tag: 'admin', auth: 'admin', response: { 200: userSchema.array() }, errors: [401] });

const setPlanSchema = routeSchema({
  summary: "Set a user's plan",
  tag: 'admin',
  auth: 'admin',
  body: setPlanRequestSchema,
  response: { 200: userSchema },
  errors: [401, 404, 422],
});

export interface AdminRoutesDeps {
  /** Random per start, readable only from DATA_DIR. */
  adminToken: string;
  admin: AdminService;
}

/**
 * Lets `npm run admin` reach a running embedded server (which owns the PGlite directory).
 * The token is random per start and readable only from DATA_DIR, so only the operator has it.
 */
export async function adminRoutes(app: FastifyInstance, deps: AdminRoutesDeps): Promise<void> {
  const { adminToken, admin } = deps;
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (request) => {
      if (!sameToken(request.headers['x-admin-token'], adminToken)) throw new HttpError(401, 'Not authenticated');
    });
    const routes = scope.withTypeProvider<ZodTypeProvider>();
    routes.get('/admin/users', { schema: listUsersSchema }, async () => admin.listUsers());
    routes.post('/admin/plan', { schema: setPlanSchema }, async (request) => admin.setPlan(request.body.email, request.body.plan));
  });
}
