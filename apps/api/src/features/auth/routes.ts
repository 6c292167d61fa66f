import rateLimit from '@fastify/rate-limit';
import { authResponseSchema, loginRequestSchema, registerRequestSchema, userSchema } from '@sitezip/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config.js';
import { HttpError } from '../../lib/http-error.js';
import { sharedCounting, type RateLimitStore } from '../../lib/rate-limit-store.js';
import { routeSchema } from '../../lib/route-schema.js';
import type { AuthService } from './auth-service.js';

function accountKey(request: FastifyRequest): string {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return `account:${typeof email === 'string' ? email.trim().toLowerCase() : ''}`;
}

const tooMany = () => new HttpError(429, 'Too many attempts. Please wait a minute and try again.');

const registerSchema = routeSchema({
  summary: 'Create an account',
  description: 'Signs the new user in: answers with a token, as login does. Rate-limited per address and per email.',
  tag: 'auth',
  body: registerRequestSchema,
  response: { 201: authResponseSchema },
  errors: [409, 422, 429],
});

const loginSchema = routeSchema({
  summary: 'Sign in',
  description: 'An unknown email and a wrong password get the same answer, in the same time. Rate-limited per address and per email.',
  tag: 'auth',
  body: loginRequestSchema,
  response: { 200: authResponseSchema },
  errors: [401, 422, 429],
});

const meSchema = routeSchema({ summary: 'The signed-in user', tag: 'auth', auth: 'bearer', response: { 200: userSchema }, errors: [401] });

export interface AuthRoutesDeps {
  config: Readonly<Config>;
  auth: AuthService;
  limits?: RateLimitStore | undefined;
}

/**
 * `/auth/*`. Register and login are rate-limited per IP (before the body is read) and per
 * account (after). Each limit is its own registration of the plugin in nested scopes: one
 * registration runs at most one limit per request.
 */
export async function authRoutes(app: FastifyInstance, deps: AuthRoutesDeps): Promise<void> {
  const { config, auth, limits } = deps;
  const { perIp, perAccount, windowMs } = config.authRateLimit;
  await app.register(async (byIp) => {
    await byIp.register(rateLimit, {
      global: true,
      max: perIp,
      timeWindow: windowMs,
      errorResponseBuilder: tooMany,
      ...sharedCounting(limits, 'auth-ip'),
    });
    await byIp.register(async (byAccount) => {
      await byAccount.register(rateLimit, {
        global: true,
        hook: 'preHandler',
        max: perAccount,
        timeWindow: windowMs,
        keyGenerator: accountKey,
        errorResponseBuilder: tooMany,
        ...sharedCounting(limits, 'auth-account'),
      });
      const routes = byAccount.withTypeProvider<ZodTypeProvider>();
      routes.post('/auth/register', { schema: registerSchema }, async (request, reply) => reply.status(201).send(await auth.register(request.body)));
      routes.post('/auth/login', { schema: loginSchema }, async (request) => auth.login(request.body));
    });
  });

  app.withTypeProvider<ZodTypeProvider>().get('/auth/me', { schema: meSchema }, async (request) => auth.currentUser(request.headers.authorization));
}
