import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/http-error.js';
import { parsePlan, type AdminService } from './admin-service.js';

function sameToken(given: string | string[] | undefined, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

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
    scope.get('/admin/users', async () => admin.listUsers());
    scope.post('/admin/plan', async (request) => {
      const body = (request.body ?? {}) as { email?: unknown; plan?: unknown };
      if (typeof body.email !== 'string') throw new HttpError(422, 'email is required');
      return admin.setPlan(body.email, parsePlan(body.plan));
    });
  });
}
