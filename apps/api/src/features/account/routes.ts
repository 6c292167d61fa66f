import rateLimit from '@fastify/rate-limit';
import { changePasswordRequestSchema, deleteAccountRequestSchema, updateAccountRequestSchema } from '@sitezip/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { HttpError } from '../../lib/http-error.js';
import { parseBody } from '../../lib/parse-body.js';
import { sharedCounting, type RateLimitStore } from '../../lib/rate-limit-store.js';
import type { AuthService } from '../auth/auth-service.js';
import type { AccountService } from './account-service.js';

export interface AccountRoutesDeps {
  config: Readonly<Config>;
  auth: AuthService;
  account: AccountService;
  limits?: RateLimitStore | undefined;
}

/** `/account`: the signed-in user changes or deletes their own account. */
export async function accountRoutes(app: FastifyInstance, deps: AccountRoutesDeps): Promise<void> {
  const { config, auth, account, limits } = deps;

  app.patch('/account', async (request) => {
    const user = await auth.currentUserRow(request.headers.authorization);
    const { name } = parseBody(updateAccountRequestSchema, request.body);
    return account.rename(user, name);
  });

  // These check a password: limited like sign-in, so a stolen token cannot be used to guess it.
  await app.register(async (checked) => {
    await checked.register(rateLimit, {
      global: true,
      max: config.authRateLimit.perAccount,
      timeWindow: config.authRateLimit.windowMs,
      keyGenerator: (request) => `token:${request.headers.authorization ?? request.ip}`,
      errorResponseBuilder: () => new HttpError(429, 'Too many attempts. Please wait a minute and try again.'),
      ...sharedCounting(limits, 'account-password'),
    });

    checked.post('/account/password', async (request, reply) => {
      const user = await auth.currentUserRow(request.headers.authorization);
      await account.changePassword(user, parseBody(changePasswordRequestSchema, request.body));
      return reply.status(204).send();
    });

    checked.delete('/account', async (request, reply) => {
      const user = await auth.currentUserRow(request.headers.authorization);
      const { password } = parseBody(deleteAccountRequestSchema, request.body);
      await account.delete(user, password);
      return reply.status(204).send();
    });
  });
}
