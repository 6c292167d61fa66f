import { describe, expect, it } from 'vitest';
import { credentialMessages as m, validateLogin, validateRegister, type RegisterFields } from './validate-credentials';

describe('validateLogin', () => {
  it('needs both fields', () => {
    expect(validateLogin({ email: '', password: 'secret' })).toBe(m.missing);
    expect(validateLogin({ email: '   ', password: 'secret' })).toBe(m.missing);
    expect(validateLogin({ email: 'a@b.co', password: '' })).toBe(m.missing);
    expect(validateLogin({ email: 'a@b.co', password: 'x' })).toBeUndefined();
  });
});

describe('validateRegister', () => {
  const valid: RegisterFields = {
    name: 'Ada',
    email: 'ada@example.com',
    password: 'correct horse',
    confirmPassword: 'correct horse',
    acceptedTerms: true,
  };
  const check = (changes: Partial<RegisterFields>) => validateRegister({ ...valid, ...changes });

  it('accepts a complete form', () => {
    expect(check({})).toBeUndefined();
  });

  it('needs all four fields first', () => {
    expect(check({ name: ' ' })).toBe(m.missing);
    expect(check({ email: '' })).toBe(m.missing);
    expect(check({ password: '' })).toBe(m.missing);
    expect(check({ confirmPassword: '' })).toBe(m.missing);
    expect(check({ name: '', password: 'a', confirmPassword: 'b', acceptedTerms: false })).toBe(m.missing);
  });

  it('then matching passwords, then length, then the terms', () => {
    expect(check({ confirmPassword: 'other', password: 'short' })).toBe(m.mismatch);
    expect(check({ password: 'short', confirmPassword: 'short', acceptedTerms: false })).toBe(m.tooShort);
    const long = 'x'.repeat(101);
    expect(check({ password: long, confirmPassword: long, acceptedTerms: false })).toBe(m.tooLong);
    expect(check({ acceptedTerms: false })).toBe(m.terms);
  });

  it('counts code points, not UTF-16 units', () => {
    const hundredEmoji = '😀'.repeat(100); // 200 UTF-16 units
    expect(check({ password: hundredEmoji, confirmPassword: hundredEmoji })).toBeUndefined();
    const fourEmoji = '😀'.repeat(4); // 8 units, 4 characters
    expect(check({ password: fourEmoji, confirmPassword: fourEmoji })).toBe(m.tooShort);
    expect(check({ password: 'x'.repeat(8), confirmPassword: 'x'.repeat(8) })).toBeUndefined();
    expect(check({ password: 'x'.repeat(100), confirmPassword: 'x'.repeat(100) })).toBeUndefined();
  });
});
