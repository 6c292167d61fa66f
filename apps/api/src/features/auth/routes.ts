import rateLimit from '@fastify/rate-limit';
import { loginRequestSchema, registerRequestSchema } from '@sitezip/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { HttpError } from '../../lib/http-error.js';
import { parseBody } from '../../lib/parse-body.js';
import { sharedCounting, type RateLimitStore } from '../../lib/rate-limit-store.js';
import type { AuthService } from './auth-service.js';

function accountKey(request: FastifyRequest): string {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return `account:${typeof email === 'string' ? email.trim().toLowerCase() : ''}`;
}

const tooMany = () => new HttpError(429, 'Too many attempts. Please wait a minute and try again.');

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
      byAccount.post('/auth/register', async (request, reply) => {
        const body = parseBody(registerRequestSchema, request.body);
        return reply.status(201).send(await auth.register(body));
      });
      byAccount.post('/auth/login', async (request) => auth.login(parseBody(loginRequestSchema, request.body)));
    });
  });

  app.get('/auth/me', async (request) => auth.currentUser(request.headers.authorization));
}
