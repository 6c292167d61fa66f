import { plans, type Plan, type User } from '@sitezip/contracts';
import { HttpError } from '../../lib/http-error.js';
import type { UsersRepository } from '../users/users-repository.js';
import { toUserView } from '../users/user-view.js';

export function parsePlan(value: unknown): Plan {
  if (typeof value === 'string' && (plans as readonly string[]).includes(value)) return value as Plan;
  throw new HttpError(422, `plan must be one of: ${plans.join(', ')}`);
}

/** Operator tasks: set a user's plan (without Stripe, or as a correction), list users. */
export class AdminService {
  constructor(private readonly users: UsersRepository) {}

  async setPlan(email: string, plan: Plan): Promise<User> {
    const row = await this.users.setPlan(email.trim(), plan);
    if (!row) throw new HttpError(404, `No user with email ${email}`);
    return toUserView(row);
  }

  async listUsers(): Promise<User[]> {
    return (await this.users.list()).map(toUserView);
  }
}
