import { describe, expect, it } from 'vitest';
import { badFlagMessage } from './cli-flag-range.js';
import { BadFlagValue, optionsFromFlags, UsageError } from './cli-options.js';
import { siteOptionsSchema } from './site-options.js';

const refusal = (values: Parameters<typeof optionsFromFlags>[0]) => {
  try {
    optionsFromFlags(values);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    // The message the command prints (a range is read from the schema only when needed).
    return error instanceof BadFlagValue ? badFlagMessage(error) : (error as Error).message;
  }
  throw new Error('accepted');
};

describe('optionsFromFlags', () => {
  it('keeps the schema defaults and sets what the flags say', () => {
    expect(optionsFromFlags({})).toEqual(siteOptionsSchema.parse({}));
    const options = optionsFromFlags({ connections: '8', timeout: '2', 'render-timeout': '60', 'max-depth': '0', scope: 'domain' }, { allowPrivateNetworks: true });
    expect(options).toMatchObject({ connectionsPerOrigin: 8, totalTimeoutMs: 2000, renderTimeoutMs: 60_000, maxDepth: 0, scope: 'domain', allowPrivateNetworks: true });
  });

  it('names the flag and the range the schema allows', () => {
    expect(refusal({ connections: '500' })).toBe('--connections must be a whole number from 1 to 128 (got "500")');
    expect(refusal({ connections: 'many' })).toBe('--connections must be a whole number from 1 to 128 (got "many")');
    expect(refusal({ streams: '0' })).toBe('--streams must be a whole number from 1 to 256 (got "0")');
    expect(refusal({ 'max-depth': '101' })).toBe('--max-depth must be a whole number from 0 to 100 (got "101")');
    expect(refusal({ 'max-pages': '1.5' })).toBe('--max-pages must be a whole number from 1 to 10000000 (got "1.5")');
    expect(refusal({ 'max-bytes': '-1' })).toBe('--max-bytes must be a whole number, at least 1 (got "-1")');
    expect(refusal({ timeout: '0' })).toBe('--timeout must be a whole number of seconds, at least 1 (got "0")');
    expect(refusal({ 'render-timeout': '1' })).toBe('--render-timeout must be a whole number of seconds from 2 to 300 (got "1")');
    expect(refusal({ 'max-resources': '1e3' })).toBe('--max-resources must be a whole number from 1 to 10000000 (got "1e3")');
    expect(refusal({ scope: 'planet' })).toBe('--scope must be host, prefix or domain');
  });
});
