import rateLimit from '@fastify/rate-limit';
import { changePasswordRequestSchema, deleteAccountRequestSchema, updateAccountRequestSchema, userSchema } from '@sitezip/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { HttpError } from '../../lib/http-error.js';
import { sharedCounting, type RateLimitStore } from '../../lib/rate-limit-store.js';
import { routeSchema } from '../../lib/route-schema.js';
import type { AuthService } from '../auth/auth-service.js';
import type { AccountService } from './account-service.js';

export interface AccountRoutesDeps {
  config: Readonly<Config>;
  auth: AuthService;
  account: AccountService;
  limits?: RateLimitStore | undefined;
}

const NO_BODY = z.null().describe('Done; no body');

const renameSchema = routeSchema({
  summary: 'Change your name',
  tag: 'account',
  auth: 'bearer',
  body: updateAccountRequestSchema,
  response: { 200: userSchema },
  errors: [401, 422],
});

const passwordSchema = routeSchema({
  summary: 'Change your password',
  description: 'Needs the current password. Rate-limited like sign-in.',
  tag: 'account',
  auth: 'bearer',
  body: changePasswordRequestSchema,
  response: { 204: NO_BODY },
  errors: [401, 403, 422, 429],
});

const deleteSchema = routeSchema({
  summary: 'Delete your account',
  description:
    'Needs the password. Cancels a Stripe subscription first (nothing is deleted when Stripe refuses), stops running downloads, then deletes every file and record. Rate-limited like sign-in.',
  tag: 'account',
  auth: 'bearer',
  body: deleteAccountRequestSchema,
  response: { 204: NO_BODY },
  errors: [401, 403, 422, 429, 502],
});

/** `/account`: the signed-in user changes or deletes their own account. */
export async function accountRoutes(app: FastifyInstance, deps: AccountRoutesDeps): Promise<void> {
  const { config, auth, account, limits } = deps;

  app.withTypeProvider<ZodTypeProvider>().patch('/account', { schema: renameSchema }, async (request) => {
    const user = await auth.currentUserRow(request.headers.authorization);
    return account.rename(user, request.body.name);
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

    const routes = checked.withTypeProvider<ZodTypeProvider>();
    routes.post('/account/password', { schema: passwordSchema }, async (request, reply) => {
      const user = await auth.currentUserRow(request.headers.authorization);
      await account.changePassword(user, request.body);
      return reply.status(204).send(null);
    });

    routes.delete('/account', { schema: deleteSchema }, async (request, reply) => {
      const user = await auth.currentUserRow(request.headers.authorization);
      await account.delete(user, request.body.password);
      return reply.status(204).send(null);
    });
  });
}
