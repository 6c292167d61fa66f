import { z } from 'zod';
import { userSchema } from './user.js';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 100;

/** Password length in characters as a person counts them (code points), not UTF-16 units or bytes. */
export function passwordLength(password: string): number {
  return [...password].length;
}

/** A password being set: 8 to 100 characters. */
export const newPassword = z
  .string({ error: 'Please fill in all fields' })
  .refine((p) => p.length > 0, 'Please fill in all fields')
  .refine((p) => passwordLength(p) >= PASSWORD_MIN, 'Password must be at least 8 characters long')
  .refine((p) => passwordLength(p) <= PASSWORD_MAX, 'Password must be less than 100 characters long');

const email = z
  .string({ error: 'Please fill in all fields' })
  .trim()
  .min(1, 'Please fill in all fields')
  .max(254, 'Email address is too long')
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Please enter a valid email address');

export const registerRequestSchema = z.object({
  name: z.string({ error: 'Please fill in all fields' }).trim().min(1, 'Please fill in all fields').max(100, 'Name is too long'),
  email,
  password: newPassword,
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const loginRequestSchema = z.object({
  email: z.string({ error: 'Please fill in all fields' }).trim().min(1, 'Please fill in all fields').max(254),
  password: z.string({ error: 'Please fill in all fields' }).min(1, 'Please fill in all fields').max(1024),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** Answer of `POST /auth/register` and `POST /auth/login`. */
export const authResponseSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.literal('bearer'),
  user: userSchema,
});
export type AuthResponse = z.infer<typeof authResponseSchema>;
