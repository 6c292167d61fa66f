import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { users, type UserRow } from '../../db/schema.js';

export interface NewUser {
  name: string;
  email: string;
  passwordHash: string;
}

export class EmailTakenError extends Error {}

/** Users in the database; emails match case-insensitively (the unique index is on lower(email)). */
export class UsersRepository {
  constructor(private readonly db: Db) {}

  async create(user: NewUser): Promise<UserRow> {
    try {
      const [row] = await this.db.insert(users).values(user).returning();
      return row!;
    } catch (error) {
      if (isUniqueViolation(error)) throw new EmailTakenError(user.email);
      throw error;
    }
  }

  async findByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase())).limit(1);
    return row;
  }

  async findById(id: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id)).limit(1);
    return row;
  }

  async setPlan(email: string, plan: string | null): Promise<UserRow | undefined> {
    const [row] = await this.db
      .update(users)
      .set({ subscriptionStatus: plan })
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
      .returning();
    return row;
  }

  list(): Promise<UserRow[]> {
    return this.db.select().from(users).orderBy(asc(users.createdAt));
  }
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === '23505') return true;
  }
  return false;
}
