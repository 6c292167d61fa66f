import { describe, expect, it } from 'vitest';
import { loginRequestSchema, registerRequestSchema } from './auth.js';

const message = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('registerRequestSchema', () => {
  it('trims name and email and accepts a valid request', () => {
    expect(registerRequestSchema.parse({ name: ' Ada ', email: ' Ada@Example.com ', password: 'correct horse' })).toEqual({
      name: 'Ada',
      email: 'Ada@Example.com',
      password: 'correct horse',
    });
  });

  it('counts password length in characters, not bytes or UTF-16 units', () => {
    expect(registerRequestSchema.safeParse({ name: 'a', email: 'a@b.co', password: '😀'.repeat(8) }).success).toBe(true);
    expect(message(registerRequestSchema.safeParse({ name: 'a', email: 'a@b.co', password: '😀'.repeat(7) }))).toBe(
      'Password must be at least 8 characters long',
    );
    expect(registerRequestSchema.safeParse({ name: 'a', email: 'a@b.co', password: 'é'.repeat(100) }).success).toBe(true);
    expect(message(registerRequestSchema.safeParse({ name: 'a', email: 'a@b.co', password: 'x'.repeat(101) }))).toBe(
      'Password must be less than 100 characters long',
    );
  });

  it('rejects missing fields and malformed emails', () => {
    expect(message(registerRequestSchema.safeParse({ email: 'a@b.co', password: 'x'.repeat(8) }))).toBe('Please fill in all fields');
    expect(message(registerRequestSchema.safeParse({ name: 'a', email: 'not-an-email', password: 'x'.repeat(8) }))).toBe(
      'Please enter a valid email address',
    );
    expect(message(loginRequestSchema.safeParse({ email: '', password: 'x' }))).toBe('Please fill in all fields');
  });
});
