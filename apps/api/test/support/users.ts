import { randomBytes } from 'node:crypto';
import type { Plan } from '@sitezip/contracts';
import type { FastifyInstance } from 'fastify';

export interface TestUser {
  email: string;
  /** The `Authorization` header value. */
  authorization: string;
}

/** Registers a fresh user through the API and, when asked, sets their plan as the operator command does. */
export async function registerUser(app: FastifyInstance, plan?: Plan): Promise<TestUser> {
  const email = `${randomBytes(5).toString('hex')}@example.com`;
  const response = await app.inject({ method: 'POST', url: '/auth/register', payload: { name: 'U', email, password: 'password1' } });
  if (response.statusCode !== 201) throw new Error(`register: ${response.statusCode} ${response.body}`);
  if (plan) await app.services.admin.setPlan(email, plan);
  return { email, authorization: `Bearer ${response.json().access_token as string}` };
}
