/**
 * Request and response shapes of the /auth routes. Local to the web app until
 * packages/contracts carries them.
 */
export interface AuthUser {
  id: string | number;
  name: string;
  email: string;
  /** null or "free" for free accounts; only "monthly" and "yearly" are premium. */
  subscription_status: string | null;
  /** ISO date-time. */
  created_at: string;
}

export interface AuthResponse {
  access_token: string;
  token_type: string;
  user: AuthUser;
}

export interface LoginRequest {
  email: string;
  password: string;
}

export interface RegisterRequest {
  name: string;
  email: string;
  password: string;
}
