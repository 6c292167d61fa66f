import { changePasswordRequestSchema, deleteAccountRequestSchema, updateAccountRequestSchema } from '@sitezip/contracts';
import type { FastifyInstance } from 'fastify';
import { parseBody } from '../../lib/parse-body.js';
import type { AuthService } from '../auth/auth-service.js';
import type { AccountService } from './account-service.js';

export interface AccountRoutesDeps {
  auth: AuthService;
  account: AccountService;
}

/** `/account`: the signed-in user changes or deletes their own account. */
export async function accountRoutes(app: FastifyInstance, deps: AccountRoutesDeps): Promise<void> {
  const { auth, account } = deps;

  app.patch('/account', async (request) => {
    const user = await auth.currentUserRow(request.headers.authorization);
    const { name } = parseBody(updateAccountRequestSchema, request.body);
    return account.rename(user, name);
  });

  app.post('/account/password', async (request, reply) => {
    const user = await auth.currentUserRow(request.headers.authorization);
    await account.changePassword(user, parseBody(changePasswordRequestSchema, request.body));
    return reply.status(204).send();
  });

  app.delete('/account', async (request, reply) => {
    const user = await auth.currentUserRow(request.headers.authorization);
    const { password } = parseBody(deleteAccountRequestSchema, request.body);
    await account.delete(user, password);
    return reply.status(204).send();
  });
}
