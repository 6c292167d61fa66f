import { describe, expect, it } from 'vitest';
import { withoutPaths } from './log-privacy.js';

describe('withoutPaths', () => {
  it('keeps the origin of every URL in a message and drops path, query and fragment', () => {
    expect(withoutPaths('https://Example.com:8443/private/page?token=abc#x took longer than 120 s (timeout).')).toBe(
      'https://example.com:8443 took longer than 120 s (timeout).',
    );
    expect(withoutPaths('from http://a.test/x and "http://b.test/y?q"')).toBe('from http://a.test and "http://b.test"');
    expect(withoutPaths('job stalled more than allowable limit')).toBe('job stalled more than allowable limit');
  });
});
