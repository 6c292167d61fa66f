import type { AuthResponse, LoginRequest, RegisterRequest, User } from '@sitezip/contracts';
import type { UserRow } from '../../db/schema.js';
import { HttpError } from '../../lib/http-error.js';
import { EmailTakenError, type UsersRepository } from '../users/users-repository.js';
import { toUserView } from '../users/user-view.js';
import { hashPassword, verifyPassword } from './password.js';
import type { TokenService } from './tokens.js';

const INVALID_LOGIN = 'Invalid email or password';

/** Registration, sign-in and the current user; knows nothing of HTTP beyond its errors. */
export class AuthService {
  private dummyHash: Promise<string> | undefined;

  constructor(
    private readonly users: UsersRepository,
    private readonly tokens: TokenService,
    private readonly hashCost: number,
  ) {}

  async register(input: RegisterRequest): Promise<AuthResponse> {
    const passwordHash = await hashPassword(input.password, this.hashCost);
    try {
      const row = await this.users.create({ name: input.name, email: input.email, passwordHash });
      return this.session(toUserView(row));
    } catch (error) {
      if (error instanceof EmailTakenError) throw new HttpError(409, 'An account with this email already exists');
      throw error;
    }
  }

  async login(input: LoginRequest): Promise<AuthResponse> {
    const row = await this.users.findByEmail(input.email);
    // Without an account, verify against a dummy hash anyway: the answer takes as long,
    // so its timing does not tell whether the email is registered.
    const ok = await verifyPassword(input.password, row?.passwordHash ?? (await this.dummy()));
    if (!row || !ok) throw new HttpError(401, INVALID_LOGIN);
    return this.session(toUserView(row));
  }

  async currentUser(authorization: string | undefined): Promise<User> {
    return toUserView(await this.currentUserRow(authorization));
  }

  /** The caller's database row (for features that need more than the public user). */
  async currentUserRow(authorization: string | undefined): Promise<UserRow> {
    const token = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
    if (!token) throw new HttpError(401, 'Not authenticated');
    const userId = await this.tokens.verify(token);
    if (!userId) throw new HttpError(401, 'Your session has expired or is invalid. Please sign in again.');
    const row = await this.users.findById(userId);
    if (!row) throw new HttpError(401, 'This account no longer exists. Please sign in again.');
    return row;
  }

  /** The caller when a token is sent; none when no Authorization header is present. */
  async optionalUser(authorization: string | undefined): Promise<User | undefined> {
    return authorization ? this.currentUser(authorization) : undefined;
  }

  private async session(user: User): Promise<AuthResponse> {
    return { access_token: await this.tokens.issue(user.id), token_type: 'bearer', user };
  }

  private dummy(): Promise<string> {
    this.dummyHash ??= hashPassword('not a real password', this.hashCost);
    return this.dummyHash;
  }
}
