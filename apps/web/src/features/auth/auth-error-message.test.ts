import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../lib/api-errors';
import { authCannotConnectMessage, authErrorMessage, NotAuthenticatedError } from './auth-error-message';
import { UnexpectedAuthResponseError } from './parse-auth-response';

describe('authErrorMessage', () => {
  it("uses the server's detail", () => {
    const error = new ApiError(401, 'Invalid email or password', { detail: 'Invalid email or password' });
    expect(authErrorMessage(error, 'login')).toBe('Invalid email or password');
    expect(authErrorMessage(new ApiError(409, 'Email already registered', {}), 'register')).toBe(
      'Email already registered',
    );
  });

  it('falls back per call when there is no detail', () => {
    expect(authErrorMessage(new ApiError(500, undefined, '<html>'), 'register')).toBe('Registration failed');
    expect(authErrorMessage(new ApiError(502, undefined, undefined), 'login')).toBe('Login failed');
    expect(authErrorMessage(new ApiError(500, undefined, {}), 'currentUser')).toBe('Failed to get user info');
    expect(authErrorMessage(new UnexpectedAuthResponseError({}), 'login')).toBe('Login failed');
    expect(authErrorMessage('boom', 'register')).toBe('Registration failed');
  });

  it('says so when no token is stored', () => {
    expect(authErrorMessage(new NotAuthenticatedError(), 'currentUser')).toBe('Not authenticated');
  });

  it.each([
    new NetworkError(new TypeError('Failed to fetch')),
    new TypeError('anything at all'),
    new Error('Network Error'),
    new Error('FAILED TO FETCH dynamically'),
    new Error('Load failed'),
    new Error('Network request failed'),
  ])('reports a network failure: %s', (error) => {
    expect(authErrorMessage(error, 'login')).toBe(authCannotConnectMessage);
  });

  it('keeps the exact wording', () => {
    expect(authCannotConnectMessage).toBe(
      'Cannot connect to server. Please ensure the backend is running at VITE_API_URL and your network is OK.',
    );
  });
});
