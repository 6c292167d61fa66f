import { describe, expect, it } from 'vitest';
import { parseAuthResponse, parseAuthUser, UnexpectedAuthResponseError } from './parse-auth-response';

const user = {
  id: 'u1',
  name: 'Ada',
  email: 'ada@example.com',
  subscription_status: null,
  created_at: '2025-01-02T03:04:05Z',
};

describe('parseAuthResponse', () => {
  it('reads the token and user', () => {
    expect(parseAuthResponse({ access_token: 't', token_type: 'bearer', user })).toEqual({
      access_token: 't',
      token_type: 'bearer',
      user,
    });
  });

  it('rejects bodies without a token or a user', () => {
    expect(() => parseAuthResponse({ user })).toThrow(UnexpectedAuthResponseError);
    expect(() => parseAuthResponse({ access_token: '', user })).toThrow(UnexpectedAuthResponseError);
    expect(() => parseAuthResponse({ access_token: 't', user: { name: 'x' } })).toThrow(UnexpectedAuthResponseError);
    expect(() => parseAuthResponse('<html>')).toThrow(UnexpectedAuthResponseError);
  });
});

describe('parseAuthUser', () => {
  it('reads a user without a plan as free (subscription_status null)', () => {
    expect(parseAuthUser({ id: 'u7', name: 'B', email: 'b@x.io', created_at: '2025-01-02T03:04:05Z' })).toEqual({
      id: 'u7',
      name: 'B',
      email: 'b@x.io',
      subscription_status: null,
      created_at: '2025-01-02T03:04:05Z',
    });
  });

  it('holds the server to the user contract: a string id and a creation date', () => {
    expect(() => parseAuthUser({ ...user, id: 7 })).toThrow(UnexpectedAuthResponseError);
    expect(() => parseAuthUser({ id: 'u1', name: 'B', email: 'b@x.io' })).toThrow(UnexpectedAuthResponseError);
  });
});
